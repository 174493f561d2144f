/**
 * Ajv's strict mode reports schemas it finds suspicious (a keyword without its `type`, a loose
 * tuple) with `console.warn`, which a user sees as noise at start-up. The shipped examples, mounted
 * together as the showcase does, must compile without one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import warren from 'warren'
import { examples } from '../../examples/catalogue.js'

function spyOnWarnings() {
  return vi.spyOn(console, 'warn').mockImplementation(() => {})
}

function ajvWarnings(spy: ReturnType<typeof spyOnWarnings>): string[] {
  return spy.mock.calls.map((args) => args.map(String).join(' ')).filter((line) => /strict mode/i.test(line))
}

describe('Ajv strict-mode warnings', () => {
  afterEach(() => vi.restoreAllMocks())

  it('a schema with a keyword but no type is reported (the check below can see a warning)', async () => {
    const spy = spyOnWarnings()
    const app = warren()
    app.post('/loose', { schema: { body: { type: 'object', properties: { size: { minimum: 1 } } } } }, async () => 'ok')
    await app.ready()
    expect((await app.inject({ method: 'POST', url: '/loose', payload: { size: 2 } })).statusCode).toBe(200)
    expect(ajvWarnings(spy).join('\n')).toMatch(/missing type "number" for keyword "minimum"/)
    await app.close()
  })

  it('a type list, as Zod writes a union of primitives, is no warning', async () => {
    const spy = spyOnWarnings()
    const app = warren()
    app.get('/ref', { schema: { querystring: { type: 'object', properties: { ref: { type: ['number', 'string'] } } } } }, async (request: any) => request.query)
    await app.ready()
    expect((await app.inject('/ref?ref=abc')).json()).toEqual({ ref: 'abc' })
    expect(ajvWarnings(spy)).toEqual([])
    await app.close()
  })

  it('every example, mounted as the showcase mounts them, compiles and answers without one', async () => {
    const spy = spyOnWarnings()
    const app = warren()
    for (const example of examples) app.register(example.routes, { prefix: `/${example.name}` })
    await app.ready()
    for (const example of examples) {
      for (const request of example.tryIt) {
        const [method, path] = request.split(' ') as [string, string]
        const res = await app.inject({ method: method as 'GET', url: `/${example.name}${path}` })
        expect(res.statusCode).toBeLessThan(500)
      }
    }
    expect(ajvWarnings(spy)).toEqual([])
    await app.close()
  })
})
