/**
 * @module The compiler's messages for wrong calls: the useful line comes first (what is missing,
 * which option is unknown, why a hook is refused), not an overload list. Complements the tsd
 * negatives in `type-tests/`, which only check that a call fails, by checking why.
 */
import { describe, expect, it } from 'vitest'
import { firstDiagnosticLines } from './compile-cases.js'

const cases = {
  missingDecorator: `
    import { warren, type Warren } from 'warren'
    const needsDb = async (app: Warren<{ db: { query(): number } }>) => { app.db.query() }
    warren().register(needsDb)
  `,
  misspeltOption: `
    import { warren } from 'warren'
    import bearerAuth from 'warren/bearer-auth'
    warren().register(bearerAuth, { kyes: ['secret'] })
  `,
  wrongOptionType: `
    import { warren, plugin } from 'warren'
    const limited = plugin(async (_app, opts: { max: number }) => { void opts.max })
    warren().register(limited, { max: 'ten' })
  `,
  missingOptions: `
    import { warren } from 'warren'
    const limited = async (_app: unknown, opts: { max: number }) => { void opts.max }
    warren().register(limited)
  `,
  asyncHookWithDone: `
    import { warren } from 'warren'
    warren().addHook('preHandler', async (_request, _reply, done) => done())
  `,
  fine: `
    import { warren, type Warren } from 'warren'
    const needsDb = async (app: Warren<{ db: { query(): number } }>) => { app.db.query() }
    warren().decorate('db', { query: () => 1 }).register(needsDb)
    warren().register(async (app) => { app.get('/', async () => 'ok') })
    warren().addHook('preHandler', (_request, _reply, done) => done()).addHook('onSend', async (_request, _reply, payload) => payload)
  `,
}

describe('type errors lead with the useful line', () => {
  const found = firstDiagnosticLines(cases)

  it('a plugin registered where its decorator is missing names the decorator', () => {
    expect(found.missingDecorator).toHaveLength(1)
    expect(found.missingDecorator![0]).toContain("Plugin cannot be registered here: decorator 'db' is missing")
  })

  it('a misspelt option names the option and the options type', () => {
    expect(found.misspeltOption).toEqual([expect.stringContaining("'kyes' does not exist in type 'BearerAuthOptions")])
  })

  it('an option of the wrong type names both types', () => {
    expect(found.wrongOptionType).toEqual([expect.stringContaining("Type 'string' is not assignable to type 'number'")])
  })

  it('required plugin options that are left out are reported as a missing argument', () => {
    expect(found.missingOptions).toEqual([expect.stringContaining('Expected 2 arguments, but got 1')])
  })

  it('an async hook that also takes done is refused with the reason', () => {
    expect(found.asyncHookWithDone).toEqual([expect.stringContaining("An async 'preHandler' hook must not also take 'done'")])
  })

  it('no message mentions overloads, and correct calls compile', () => {
    expect(Object.values(found).flat().join('\n')).not.toContain('overload')
    expect(found.fine).toEqual([])
  })
})
