import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from './app.js'

describe('example: decorators-by-context (spec 4.2)', () => {
  const app = build()
  let base = ''
  beforeAll(async () => {
    base = await app.listen({ port: 0 })
  })
  afterAll(() => app.close())

  const get = async (path: string) => (await fetch(base + path)).json()

  it('a root decorator is visible to every route, and nothing else at the root', async () => {
    expect(await get('/root')).toEqual({ root: 'decorated at the root' })
    expect(await get('/sibling')).toEqual({ root: 'decorated at the root' })
  })

  it("a child sees its own decorator and a wrapped grandchild's, not a plain grandchild's", async () => {
    expect(await get('/child')).toEqual({
      root: 'decorated at the root',
      child: 'decorated in the child',
      wrapped: 'decorated in a wrapped grandchild',
    })
  })

  it('a grandchild sees its ancestors and its own', async () => {
    expect(await get('/child/grandchild')).toEqual({
      root: 'decorated at the root',
      child: 'decorated in the child',
      wrapped: 'decorated in a wrapped grandchild',
      grandchild: 'decorated in the grandchild',
    })
  })
})
