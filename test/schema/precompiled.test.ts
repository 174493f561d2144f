// `warren compile <entry> --esm <out.js>` writes an application's validators and serializers as one
// ES module; `precompiledSchemas` loads it and compiles nothing. It runs the built package (`npm test`
// builds first), as an application imports it: the modules are written in a project whose only
// dependency is warren (linked), so the run-time files they need must come through warren.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import warren from 'warren'

const bin = resolve('bin/warren.js')

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warren-precompiled-test-'))
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(resolve('.'), join(dir, 'node_modules', 'warren'), 'dir')
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', dependencies: { warren: '*' } }))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

const itemBody = 'Type.Object({ name: Type.String({ minLength: 1 }), tags: Type.Optional(Type.Array(Type.String(), { uniqueItems: true })) })'
const savedItem = 'Type.Object({ id: Type.Integer(), name: Type.String(), price: Type.Union([Type.Number(), Type.String()]) })'

/** Writes an application module whose default export builds it with `warren({ precompiledSchemas, ...options })`. */
function appModule(name: string, { body = itemBody, response = savedItem, options = '{}', exportLine = 'export default build' } = {}): string {
  const file = join(dir, `${name}.mjs`)
  writeFileSync(file, [
    "import warren, { Type } from 'warren'",
    'export function build(precompiledSchemas) {',
    `  const app = warren({ precompiledSchemas, ...${options} })`,
    `  app.post('/items', { schema: { body: ${body}, response: { 201: ${response} } } }, async (request, reply) => reply.code(201).send({ id: 7, price: 3, ...request.body, secret: 'not sent' }))`,
    "  app.get('/items/:id', { schema: { params: Type.Object({ id: Type.Integer() }), querystring: Type.Object({ detail: Type.Boolean({ default: false }) }) } }, async (request) => ({ ...request.params, ...request.query }))",
    '  return app',
    '}',
    exportLine,
  ].join('\n'))
  return file
}

function compile(entry: string, out: string) {
  return spawnSync(process.execPath, [bin, 'compile', entry, '--esm', out], { encoding: 'utf8' })
}

/** Compiles `entry`'s schemas into a module and imports it. */
async function precompiled(entry: string, name: string): Promise<{ format: string; entries: Record<string, () => unknown> }> {
  const out = join(dir, `${name}.js`)
  const result = compile(entry, out)
  expect(result.stderr).toBe('')
  expect(result.status).toBe(0)
  return (await import(pathToFileURL(out).href)) as { format: string; entries: Record<string, () => unknown> }
}

/** What an application answers to the requests every test sends. */
const requests = [
  { method: 'POST', url: '/items', payload: { name: 'lamp', tags: ['a', 'b'] } },
  { method: 'POST', url: '/items', payload: { name: '' } },
  { method: 'POST', url: '/items', payload: { name: 'lamp', tags: ['a', 'a'] } },
  { method: 'GET', url: '/items/42?detail=true' },
  { method: 'GET', url: '/items/x' },
] as const

describe('warren compile --esm and precompiledSchemas', () => {
  it('writes one module (and its declarations) that the application loads instead of compiling', async () => {
    const entry = appModule('app')
    const out = join(dir, 'schemas.js')
    const result = compile(entry, out)
    expect(result.status).toBe(0)
    // params, querystring, body and the 201 response
    expect(result.stdout).toBe(`warren: 4 schema(s) compiled into ${out}\n`)
    expect(readFileSync(join(dir, 'schemas.d.ts'), 'utf8')).toBe(readFileSync(resolve('examples/runtimes/schemas.d.ts'), 'utf8'))
    const text = readFileSync(out, 'utf8')
    // Ajv's and fast-json-stringify's run-time files through warren: nothing the project must install itself
    expect(text).toMatch(/^import \{ schemaRuntime \} from 'warren\/schema-runtime'$/m)
    expect(text).not.toMatch(/from "(ajv|ajv-formats|fast-json-stringify)\//)
    expect(text).not.toMatch(/new Function|\beval\(/)
  })

  it('leaves the files alone when they already hold what it would write, so a watcher does not rebuild for nothing', () => {
    const entry = appModule('unchanged')
    const out = join(dir, 'unchanged-schemas.js')
    expect(compile(entry, out).status).toBe(0)
    const longAgo = new Date(2000, 0, 1)
    for (const file of [out, join(dir, 'unchanged-schemas.d.ts')]) utimesSync(file, longAgo, longAgo)
    const again = compile(entry, out)
    expect(again.stdout).toBe(`warren: 4 schema(s) compiled into ${out} (unchanged, not rewritten)\n`)
    for (const file of [out, join(dir, 'unchanged-schemas.d.ts')]) expect(statSync(file).mtime).toEqual(longAgo)
    writeFileSync(out, '// edited by hand\n')
    expect(compile(entry, out).stdout).toBe(`warren: 4 schema(s) compiled into ${out}\n`)
    expect(readFileSync(out, 'utf8')).toMatch(/^import \{ schemaRuntime \}/m)
  })

  it('answers as the same application compiling its schemas, where code generation is refused', () => {
    const entry = appModule('answers')
    expect(compile(entry, join(dir, 'answers-schemas.js')).status).toBe(0)
    const script = `
      import { build } from ${JSON.stringify(pathToFileURL(entry).href)}
      const precompiled = process.argv[1] === 'precompiled' ? await import(${JSON.stringify(pathToFileURL(join(dir, 'answers-schemas.js')).href)}) : undefined
      const app = build(precompiled)
      const answers = []
      for (const request of ${JSON.stringify(requests)}) {
        const response = await app.inject(request)
        answers.push([response.statusCode, response.json()])
      }
      console.log(JSON.stringify(answers))`
    const run = (args: string[]) => spawnSync(process.execPath, args, { encoding: 'utf8' })
    const refused = run(['--disallow-code-generation-from-strings', '--input-type=module', '-e', script, 'precompiled'])
    expect(refused.stderr).toBe('')
    const compiled = run(['--input-type=module', '-e', script, 'compiled'])
    expect(JSON.parse(refused.stdout)).toEqual(JSON.parse(compiled.stdout))
    expect(JSON.parse(refused.stdout)).toEqual([
      [201, { id: 7, name: 'lamp', price: 3 }],
      [400, { statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/name must NOT have fewer than 1 characters' }],
      [400, { statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/tags must NOT have duplicate items (items ## 1 and 0 are identical)' }],
      [200, { id: 42, detail: true }],
      [400, { statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'params/id must be integer' }],
    ])
    // without the module, the same application cannot start there
    const unprepared = run(['--disallow-code-generation-from-strings', '--input-type=module', '-e', script, 'compiled'])
    expect(unprepared.status).not.toBe(0)
    expect(unprepared.stderr).toContain('SVC_ERR_SCH_VALIDATION_BUILD')
  })

  it("writes a Standard Schema's validators as compiled: a Zod body is not coerced, its querystring is", () => {
    symlinkSync(resolve('node_modules/zod'), join(dir, 'node_modules', 'zod'), 'dir')
    const entry = join(dir, 'zod-app.mjs')
    writeFileSync(entry, [
      "import warren from 'warren'",
      "import { z } from 'zod'",
      'export function build(precompiledSchemas) {',
      '  const app = warren({ precompiledSchemas })',
      "  app.post('/items', { schema: { querystring: z.object({ page: z.number() }), body: z.object({ name: z.string(), count: z.number() }) } }, async (request) => ({ page: request.query.page, ...request.body }))",
      '  return app',
      '}',
      'export default build',
    ].join('\n'))
    expect(compile(entry, join(dir, 'zod-schemas.js')).status).toBe(0)
    const script = `
      import { build } from ${JSON.stringify(pathToFileURL(entry).href)}
      const app = build(await import(${JSON.stringify(pathToFileURL(join(dir, 'zod-schemas.js')).href)}))
      const answers = []
      for (const payload of [{ name: 'lamp', count: 2 }, { name: null, count: 2 }, { name: 'lamp', count: '2' }]) {
        const response = await app.inject({ method: 'POST', url: '/items?page=3', payload })
        answers.push([response.statusCode, response.json()])
      }
      console.log(JSON.stringify(answers))`
    const refused = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script], { encoding: 'utf8' })
    expect(refused.stderr).toBe('')
    expect(JSON.parse(refused.stdout)).toEqual([
      [200, { page: 3, name: 'lamp', count: 2 }],
      [400, { statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/name must be string' }],
      [400, { statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/count must be number' }],
    ])
  })

  it('fails start-up naming the route and part when a schema changed since the module was written', async () => {
    const schemas = await precompiled(appModule('before'), 'before-schemas')
    const { build: changedBody } = (await import(pathToFileURL(appModule('changed-body', { body: 'Type.Object({ name: Type.String({ minLength: 2 }) })' })).href)) as { build: (schemas: unknown) => ReturnType<typeof warren> }
    const app = changedBody(schemas)
    const error = await app.ready().then(() => null, (failure: unknown) => failure as Error & { code: string; cause: Error & { code: string } })
    expect(error?.code).toBe('SVC_ERR_SCH_VALIDATION_BUILD')
    expect(error?.message).toContain('POST: /items')
    expect(error?.message).toContain('the body schema of POST /items is not in the precompiled schemas module')
    expect(error?.cause.code).toBe('SVC_ERR_SCH_NOT_PRECOMPILED')

    const { build: changedResponse } = (await import(pathToFileURL(appModule('changed-response', { response: 'Type.Object({ id: Type.Integer() })' })).href)) as { build: (schemas: unknown) => ReturnType<typeof warren> }
    const serializerError = await changedResponse(schemas).ready().then(() => null, (failure: unknown) => failure as Error & { code: string })
    expect(serializerError?.code).toBe('SVC_ERR_SCH_SERIALIZATION_BUILD')
    expect(serializerError?.message).toContain('the 201 response schema of POST /items is not in the precompiled schemas module')
  })

  it('fails start-up with the module of another application, and with other validator options', async () => {
    const other = await precompiled(appModule('other', { body: 'Type.Object({ title: Type.String() })' }), 'other-schemas')
    const { build } = (await import(pathToFileURL(appModule('mine')).href)) as { build: (schemas: unknown) => ReturnType<typeof warren> }
    await expect(build(other).ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD', cause: { code: 'SVC_ERR_SCH_NOT_PRECOMPILED' } })

    const mine = await precompiled(appModule('mine-again'), 'mine-schemas')
    const { build: withOptions } = (await import(pathToFileURL(appModule('with-options', { options: '{ validator: { customOptions: { coerceTypes: false } } }' })).href)) as { build: (schemas: unknown) => ReturnType<typeof warren> }
    await expect(withOptions(mine).ready()).rejects.toMatchObject({ code: 'SVC_ERR_SCH_VALIDATION_BUILD' })
  })

  it('refuses a value that is not such a module, or one of another format', () => {
    const invalid = (value: unknown, message: string) => {
      expect(() => warren({ precompiledSchemas: value as never })).toThrow(expect.objectContaining({ code: 'SVC_ERR_INIT_OPTS_INVALID', message: expect.stringContaining(message) as string }))
    }
    invalid('schemas.js', "'precompiledSchemas': expected the module `warren compile --esm` wrote")
    invalid({}, 'the module\'s format is missing')
    invalid({ format: 'warren-precompiled-schemas/0', entries: {} }, 'write it again with this version')
    invalid({ format: 'warren-precompiled-schemas/1' }, 'the module has no entries')
  })

  it('refuses an application already started, and schemas that need code generation at run time', () => {
    const started = compile(appModule('started', { exportLine: 'const app = build(); await app.ready(); export default app' }), join(dir, 'started-schemas.js'))
    expect(started.status).toBe(1)
    expect(started.stderr).toContain('the application already started')

    // a format given as a function cannot be written as standalone code: no schema of that Ajv can
    const formats = "{ validator: { customOptions: { formats: { even: (value) => value.length % 2 === 0 } } } }"
    const withFunction = compile(appModule('format-function', { body: "Type.Object({ name: Type.String({ format: 'even' }) })", options: formats }), join(dir, 'format-schemas.js'))
    expect(withFunction.status).toBe(1)
    expect(withFunction.stderr).toContain('warren: the body schema of POST /items, the params schema of GET /items/:id, the querystring schema of GET /items/:id cannot be written as standalone code')

    const usage = spawnSync(process.execPath, [bin, 'compile', appModule('usage'), '--esm'], { encoding: 'utf8' })
    expect(usage.status).toBe(2)
    expect(usage.stderr).toContain('usage: warren compile <entry> [--esm <out.js>]')
  })
})
