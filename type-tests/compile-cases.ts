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
  return compileCases(cases, extraPaths, (d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

/** Compiles the cases in one program and maps each case's diagnostics with `read`. */
function compileCases<T>(cases: Record<string, string>, extraPaths: Record<string, string[]>, read: (diagnostic: ts.Diagnostic) => T): Record<string, T[]> {
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
    const result: Record<string, T[]> = {}
    for (const name of names) result[name] = ts.getPreEmitDiagnostics(program, program.getSourceFile(join(dir, `${name}.ts`))!).map(read)
    return result
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A diagnostic as a developer reads it: the line (1-based) it is reported on, and its message chain, whole. */
export interface LocatedDiagnostic {
  line: number
  message: string
}

/** {@link diagnosticsOfCases} with the line of each diagnostic. */
export function locatedDiagnosticsOfCases(cases: Record<string, string>, extraPaths: Record<string, string[]> = {}): Record<string, LocatedDiagnostic[]> {
  return compileCases(cases, extraPaths, (d) => ({
    line: d.file === undefined || d.start === undefined ? 0 : d.file.getLineAndCharacterOfPosition(d.start).line + 1,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }))
}

/** The 1-based line of `code` that contains `marker` (a case marks where its error must land). */
export function lineOf(code: string, marker: string): number {
  const index = code.split('\n').findIndex((line) => line.includes(marker))
  if (index === -1) throw new Error(`no line contains ${marker}`)
  return index + 1
}

/** {@link diagnosticsOfCases}, keeping the first line of each diagnostic: what a developer reads first. */
export function firstDiagnosticLines(cases: Record<string, string>, extraPaths: Record<string, string[]> = {}): Record<string, string[]> {
  const whole = diagnosticsOfCases(cases, extraPaths)
  return Object.fromEntries(Object.entries(whole).map(([name, messages]) => [name, messages.map((message) => message.split('\n')[0]!)]))
}
