// Where code generation is refused (Node's --disallow-code-generation-from-strings, a Worker with
// disallow_eval_during_startup), the router builds its matchers without generated code: the same
// application, run with and without the flag, must route every request alike. It runs the built
// package (`npm test` builds first), as an application imports it.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const built = pathToFileURL(createRequire(resolve('package.json')).resolve('warren')).href

/** An application of routes without schemas, whose answers are printed as JSON: static prefixes, many parameters, constraints. */
const script = `
import warren from ${JSON.stringify(built)}
let generated
try { new Function('return 1'); generated = true } catch { generated = false }
const tenant = {
  name: 'tenant',
  storage() { const stores = new Map(); return { get: (value) => stores.get(value) ?? null, set: (value, store) => void stores.set(value, store) } },
  deriveConstraint: (req) => req.headers['x-tenant'],
}
const app = warren({ routerOptions: { compile: true, constraints: { tenant } } })
app.get('/items', async () => 'items')
app.get('/itemsets', async () => 'itemsets')
app.get('/items/archive/2024', async () => 'archive')
app.get('/items/:id', async (request) => request.params)
app.get('/five/:a/:b/:c/:d/:e', async (request) => ({ ...request.params, inherited: 'toString' in request.params }))
app.get('/files/*', async (request) => request.params)
app.get('/versioned', { constraints: { version: '1.2.0' } }, async () => 'v1')
app.get('/versioned', { constraints: { version: '2.0.0' } }, async () => 'v2')
app.get('/versioned', async () => 'unversioned')
app.get('/hosted', { constraints: { host: 'a.example' } }, async () => 'host a')
app.get('/hosted', async () => 'any host')
app.get('/tenanted', { constraints: { tenant: 'acme' } }, async () => 'acme')
app.get('/tenanted', async () => 'no tenant')
const requests = [
  ['/items'], ['/itemsets'], ['/items/archive/2024'], ['/items/42'], ['/itemz'], ['/item'],
  ['/five/1/2/3/4/5'], ['/files/a/b.txt'],
  ['/versioned', { 'accept-version': '1.x' }], ['/versioned', { 'accept-version': '2.x' }], ['/versioned', { 'accept-version': '3.x' }], ['/versioned'],
  ['/hosted', { host: 'a.example' }], ['/hosted', { host: 'b.example' }],
  ['/tenanted', { 'x-tenant': 'acme' }], ['/tenanted', { 'x-tenant': 'other' }], ['/tenanted'],
]
const answers = []
for (const [url, headers] of requests) {
  const response = await app.inject({ url, headers })
  answers.push([url, headers ?? {}, response.statusCode, response.body])
}
console.log(JSON.stringify({ generated, answers }))
`

function run(flags: string[]): { generated: boolean; answers: [string, object, number, string][] } {
  const result = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], { encoding: 'utf8' })
  expect(result.stderr).toBe('')
  return JSON.parse(result.stdout) as ReturnType<typeof run>
}

describe('the router where code generation is refused', () => {
  it('routes every request as where it is allowed: prefixes, parameters, wildcards, version, host and custom constraints', () => {
    const refused = run(['--disallow-code-generation-from-strings'])
    const allowed = run([])
    expect(refused.generated).toBe(false)
    expect(allowed.generated).toBe(true)
    expect(refused.answers).toEqual(allowed.answers)
    const answer = (index: number): [number, string] => [refused.answers[index]![2], refused.answers[index]![3]]
    expect(answer(0)).toEqual([200, 'items'])
    expect(answer(1)).toEqual([200, 'itemsets'])
    expect(answer(2)).toEqual([200, 'archive'])
    expect(answer(3)).toEqual([200, '{"id":"42"}'])
    expect(answer(4)[0]).toBe(404)
    expect(answer(5)[0]).toBe(404)
    expect(answer(6)).toEqual([200, '{"a":"1","b":"2","c":"3","d":"4","e":"5","inherited":false}'])
    expect(answer(7)).toEqual([200, '{"*":"a/b.txt"}'])
    expect(refused.answers.slice(8).map(([, , status, body]) => (status === 200 ? body : status))).toEqual(['v1', 'v2', 404, 'unversioned', 'host a', 'any host', 'acme', 'no tenant', 'no tenant'])
  })
})
