import { describe, expect, it } from 'vitest'
import { listenDuringTests } from '../listen-during-tests.js'
import { build, refForms } from './app.js'

describe('example: shared-schemas', () => {
  const server = listenDuringTests(build())

  const post = (path: string, body: unknown) =>
    fetch(server.base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  for (const form of refForms) {
    it(`4.3.7 '${form.ref}' resolves for validation and serialization`, async () => {
      const ok = await post(`/refs${form.path}`, { point: { x: 1, y: '2' } })
      expect(ok.status).toBe(200)
      expect(await ok.json()).toEqual({ point: { x: 1, y: 2 } })
      const bad = await post(`/refs${form.path}`, { point: { x: 1 } })
      expect(bad.status).toBe(400)
      expect(await bad.json()).toMatchObject({ statusCode: 400, code: 'SVC_ERR_VALIDATION', message: "body/point must have required property 'y'" })
    })
  }

  it('a TypeBox Type.Ref to a schema of the context validates', async () => {
    expect((await post('/refs/labelled', { label: 'hi' })).status).toBe(200)
    expect((await post('/refs/labelled', { label: '' })).status).toBe(400)
  })

  it('getSchemas() shows own and ancestors\' schemas, never a sibling\'s', async () => {
    expect(await (await fetch(`${server.base}/refs/schemas`)).json()).toEqual(['point', 'geometry', 'label'])
    expect(await (await fetch(`${server.base}/sibling/schemas`)).json()).toEqual(['point', 'geometry'])
  })
})
