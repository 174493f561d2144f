import { describe, expect, it } from 'vitest'
import { codes, errorCatalogue as served } from 'warren'
import bearerAuth from 'warren/bearer-auth'
import { errorCatalogue } from 'warren/client'
import { warren } from '../core/helpers.js'

describe('the catalogue of the codes warren answers requests with', () => {
  it('is the same table in warren and in warren/client', () => {
    expect(errorCatalogue).toEqual(served)
  })

  it("agrees with the codes' own statuses", () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      // the bearer-auth plugin's codes are its own; every other is in the core catalogue
      if (code.startsWith('SVC_ERR_BEARER_AUTH_')) continue
      expect(codes[code as keyof typeof codes]?.statusCode, code).toBe(entry.status)
    }
  })

  it("lists bearer-auth's codes with the status it answers them with", async () => {
    const app = warren().register(bearerAuth, { keys: ['k'] })
    app.get('/', async () => 'in')
    const missing = await app.inject('/')
    const wrong = await app.inject({ url: '/', headers: { authorization: 'Bearer nope' } })
    for (const res of [missing, wrong]) {
      const { code, statusCode } = res.json()
      expect(errorCatalogue[code as keyof typeof errorCatalogue].status).toBe(statusCode)
    }
    expect([missing.json().code, wrong.json().code]).toEqual(['SVC_ERR_BEARER_AUTH_MISSING', 'SVC_ERR_BEARER_AUTH_INVALID'])
  })

  it('gives each entry a short title and a 4xx or 5xx status', () => {
    for (const entry of Object.values(errorCatalogue)) {
      expect(entry.status).toBeGreaterThanOrEqual(400)
      expect(entry.status).toBeLessThanOrEqual(599)
      expect(entry.title.length).toBeGreaterThan(0)
      expect(entry.title.length).toBeLessThan(50)
    }
  })
})
