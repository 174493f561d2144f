import { describe, expect, it } from 'vitest'
import { listenDuringTests } from '../listen-during-tests.js'
import { build } from './app.js'

describe('example: bearer-auth', () => {
  const server = listenDuringTests(build(['k-123']))

  it('the open context needs no header', async () => {
    const res = await fetch(`${server.base}/open`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ hello: 'anyone' })
  })

  it('the secured context answers a valid key', async () => {
    const res = await fetch(`${server.base}/secured/report`, { headers: { authorization: 'Bearer k-123' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ report: 'only for key holders' })
  })

  it('no token: 401 with a Bearer challenge', async () => {
    const res = await fetch(`${server.base}/secured/report`)
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect(await res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' })
  })

  it('wrong token: 401 invalid_token', async () => {
    const res = await fetch(`${server.base}/secured/report`, { headers: { authorization: 'Bearer nope' } })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
  })
})
