import { describe, expect, it } from 'vitest'
import { listenDuringTests } from '../listen-during-tests.js'
import { build } from './app.js'

/** The JSON body of an error reply, typed with the field these tests read. */
const errorBody = async (res: Response) => (await res.json()) as { message: string }

describe('example: validation', () => {
  const server = listenDuringTests(build())

  const send = (path: string, body: unknown, type = 'application/json') =>
    fetch(server.base + path, { method: 'POST', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) })

  it('a content map validates JSON and text bodies with their own schemas', async () => {
    expect(await (await send('/notes', { text: 'hello' })).json()).toEqual({ received: { text: 'hello' } })
    expect(await (await send('/notes', 'short', 'text/plain')).json()).toEqual({ received: 'short' })
    const long = await send('/notes', 'a text that is far too long for the schema', 'text/plain')
    expect(long.status).toBe(400)
    expect(await long.json()).toMatchObject({ code: 'SVC_ERR_VALIDATION', message: 'body must NOT have more than 20 characters' })
  })

  it('the querystring is coerced: one value becomes an array, defaults fill in', async () => {
    expect(await (await fetch(`${server.base}/search?tag=one`)).json()).toEqual({ tag: ['one'], limit: 10 })
    expect(await (await fetch(`${server.base}/search?tag=one&tag=two&limit=3`)).json()).toEqual({ tag: ['one', 'two'], limit: 3 })
    const bad = await fetch(`${server.base}/search?tag=x&limit=many`)
    expect(bad.status).toBe(400)
    expect((await errorBody(bad)).message).toBe('querystring/limit must be integer')
  })

  it('attachValidation hands the error to the handler', async () => {
    expect(await (await send('/lenient', { name: '', age: 1 })).json()).toEqual({ accepted: false, because: 'body/name must NOT have fewer than 1 characters', part: 'body' })
    expect(await (await send('/lenient', { name: 'Ada', age: 3 })).json()).toEqual({ accepted: true })
  })

  it('a per-part validator compiler validates each part with its own validator', async () => {
    expect(await (await send('/per-part/42', { note: 'hi' })).json()).toEqual({ id: 42, note: 'hi' })
    expect((await send('/per-part/42', { note: 1 })).status).toBe(400)
    expect((await send('/per-part/abc', { note: 'hi' })).status).toBe(400)
  })

  it("a context's schemaErrorFormatter shapes the message", async () => {
    const res = await send('/formatted/users', { age: -1 })
    expect(res.status).toBe(400)
    expect((await errorBody(res)).message).toBe("body is invalid: must have required property 'name'")
  })

  it('an error handler can answer validation errors with 422', async () => {
    const res = await send('/unprocessable/users', { name: 'Ada' })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { issues: unknown[] }
    expect(body).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity', part: 'body' })
    expect(body.issues[0]).toMatchObject({ keyword: 'required', params: { missingProperty: 'age' } })
  })

  it('ajv-errors errorMessage gives custom messages in its context', async () => {
    const res = await send('/friendly/users', {})
    expect(res.status).toBe(400)
    expect((await errorBody(res)).message).toBe('body Tell us your name, body Tell us your age')
    expect((await errorBody(await send('/friendly/users', { name: 'Ada', age: -2 }))).message).toBe('body/age Age is a whole number, 0 or more')
  })

  it('ajv-i18n localises error.validation', async () => {
    const res = await send('/localised/users?lang=fr', { name: 'Ada' })
    expect(res.status).toBe(400)
    expect((await errorBody(res)).message).toBe("body requiert la propriété age")
    const english = await send('/localised/users', { name: 'Ada' })
    expect((await errorBody(english)).message).toBe("body must have required property 'age'")
  })
})
