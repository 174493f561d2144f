/**
 * @module Compiles small TypeScript files with the project's tsconfig (the `warren` paths mapped to
 * `src/`) and returns, per file, the first line of each diagnostic: what a developer reads first.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/**
 * Writes each case as `<name>.ts` in a fresh folder under `test/.artifacts` (a case may import
 * another as `./<name>.js`), type-checks them in one program (with `extraPaths` added to the
 * tsconfig's `paths`), removes the folder, and returns each case's diagnostics, whole.
 */
export function diagnosticsOfCases(cases: Record<string, string>, extraPaths: Record<string, string[]> = {}): Record<string, string[]> {
  mkdirSync('test/.artifacts', { recursive: true })
  const dir = mkdtempSync(join(process.cwd(), 'test/.artifacts/cases-'))
  try {
    for (const [name, code] of Object.entries(cases)) writeFileSync(join(dir, `${name}.ts`), code)
    const config = ts.getParsedCommandLineOfConfigFile('tsconfig.json', { noEmit: true }, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
      },
    })!
    const options = { ...config.options, paths: { ...config.options.paths, ...extraPaths } }
    const names = Object.keys(cases)
    const program = ts.createProgram(names.map((name) => join(dir, `${name}.ts`)), options)
    const result: Record<string, string[]> = {}
    for (const name of names) {
      result[name] = ts
        .getPreEmitDiagnostics(program, program.getSourceFile(join(dir, `${name}.ts`))!)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    }
    return result
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** {@link diagnosticsOfCases}, keeping the first line of each diagnostic: what a developer reads first. */
export function firstDiagnosticLines(cases: Record<string, string>, extraPaths: Record<string, string[]> = {}): Record<string, string[]> {
  const whole = diagnosticsOfCases(cases, extraPaths)
  return Object.fromEntries(Object.entries(whole).map(([name, messages]) => [name, messages.map((message) => message.split('\n')[0]!)]))
}
