import { describe, expect, it } from 'vitest'
import { listenDuringTests } from '../listen-during-tests.js'
import { build } from './app.js'

describe('example: decorators-by-context', () => {
  const server = listenDuringTests(build())

  const get = async (path: string) => (await fetch(server.base + path)).json()

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
