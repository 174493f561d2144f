/**
 * @module The compiler's messages for wrong calls: the useful line comes first (what is missing,
 * which option is unknown, why a hook is refused), not an overload list. Complements the tsd
 * negatives in `type-tests/`, which only check that a call fails, by checking why.
 */
import { describe, expect, it } from 'vitest'
import { diagnosticsOfCases, firstDiagnosticLines, lineOf, locatedDiagnosticsOfCases } from './compile-cases.js'

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

describe('a name decorated twice', () => {
  it('says so, for the instance, requests and replies', () => {
    const found = diagnosticsOfCases({
      instance: `
        import { warren } from 'warren'
        warren().decorate('db', { query: () => 1 }).decorate('db', { query: () => 2 })
      `,
      request: `
        import { warren } from 'warren'
        warren().decorateRequest('user', null as string | null).decorateRequest('user', 'x')
      `,
    })
    expect(found.instance).toEqual([expect.stringContaining("'db' is decorated on this instance already: decorate each name once")])
    expect(found.request).toEqual([expect.stringContaining("'user' is decorated on this request already: decorate each name once")])
  })
})

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

/**
 * The catalogue of messages for the mistakes real applications make: each case must give exactly
 * one diagnostic, on the line marked `// ← here`, whose first line reads as recorded and whose
 * whole text names what the developer must change. A change to the types that makes one of them
 * longer, vaguer, moved or doubled fails here.
 */
const app = `
  import { warren, Type, type RouteHook } from 'warren'
  const User = Type.Object({ id: Type.Integer(), name: Type.String() }, { $id: 'User' })
  const Profile = Type.Object({ bio: Type.String() }, { $id: 'Profile' })
  export const app = warren().addSchema(User).addSchema(Profile).decorate('db', { find: (id: number) => ({ id, name: 'Ada' }) })
`
const catalogue: Record<string, { code: string; first: RegExp; names: string[] }> = {
  wrongReturnExpression: {
    code: `${app}
      app.get('/a', { schema: { response: { 200: Type.Ref('User') } } }, async () => ({ id: 1, nme: 'Ada' })) // ← here`,
    first: /^Type 'Promise<\{ id: number; nme: string; \}>' is not assignable to type 'Status200Payload<\{ id: number; name: string; \}>'\.$/,
    names: ["Property 'name' is missing in type '{ id: number; nme: string; }' but required in type '{ id: number; name: string; }'"],
  },
  wrongReturnInBlock: {
    code: `${app}
      app.get('/b/:id', { schema: { response: { 200: Type.Ref('User') } } }, async (request) => { // ← here
        if (request.params.id === '0') return { id: 0, name: 'nobody' }
        return { id: 1, nme: 'Ada' }
      })`,
    first: /^Argument of type '.*' is not assignable to parameter of type 'HandlerFor<.*'\.$/,
    names: ["is not assignable to type 'Status200Payload<{ id: number; name: string; }>'", "Type 'undefined' is not assignable to type 'string'"],
  },
  resolvesUndefined: {
    code: `${app}
      app.get('/c/:id', { schema: { response: { 200: Type.Ref('User') } } }, async (request) => { // ← here
        if (request.params.id !== '0') return { id: 1, name: 'Ada' }
      })`,
    first: /^Argument of type '.*' is not assignable to parameter of type 'HandlerFor<.*'\.$/,
    names: ["is not assignable to type 'Status200Payload<{ id: number; name: string; }>'", "Type 'undefined' is not assignable to type 'AnyReply | { id: number; name: string; }'"],
  },
  duplicateSchemaId: {
    code: `${app}
      app.addSchema(Type.Object({ other: Type.String() }, { $id: 'User' })) // ← here`,
    first: /^Argument of type 'TObject<\{ other: TString; \}> & \{ readonly \$id: "User"; \}' is not assignable to parameter of type '.*'\.$/,
    names: [`"A shared schema with $id 'User' is already visible in this context"`],
  },
  misspeltRefSent: {
    code: `${app}
      app.get('/d', { schema: { response: { 200: Type.Object({ profile: Type.Ref('Profil') }) } } }, async () => ({ profile: { bio: 'hi' } })) // ← here`,
    first: /^Type 'Promise<\{ profile: \{ bio: string; \}; \}>' is not assignable to type 'Status200Payload<\{ profile: UnknownRef<"Profil", "User" \| "Profile">; \}>'\.$/,
    names: ['UnknownRef<"Profil", "User" | "Profile">'],
  },
  misspeltRefRead: {
    code: `${app}
      app.post('/e', { schema: { body: Type.Ref('Usr') } }, async (request) => request.body.name) // ← here`,
    first: /^Property 'name' does not exist on type 'UnknownRef<"Usr", "User" \| "Profile">'\.$/,
    names: [],
  },
  bodyBeforeParsing: {
    code: `${app}
      app.post('/f', { schema: { body: Type.Object({ title: Type.String() }) }, onRequest: async (request) => {
        void request.body.title // ← here
      } }, async () => 'ok')`,
    first: /^'request\.body' is possibly 'undefined'\.$/,
    names: [],
  },
  hookForOtherParams: {
    code: `${app}
      const needsId: RouteHook<'preHandler', { params: ReturnType<typeof Type.Object<{ id: ReturnType<typeof Type.Integer> }>> }, typeof app> = async () => {}
      app.get('/g/:name', { schema: { params: Type.Object({ name: Type.String() }) }, preHandler: needsId }, async () => 'ok') // ← here`,
    first: /^Type 'RequestHookFn<.*' is not assignable to type 'HookOption<.*'\.$/,
    names: ["Property 'id' is missing in type '{ name: string; }' but required in type '{ id: number; }'"],
  },
}

describe('the catalogue of type errors: one message each, where the mistake is, naming it', () => {
  const found = locatedDiagnosticsOfCases(Object.fromEntries(Object.entries(catalogue).map(([name, { code }]) => [name, code])))

  for (const [name, { code, first, names }] of Object.entries(catalogue)) {
    it(name, () => {
      expect(found[name]).toHaveLength(1)
      const [{ line, message }] = found[name]!
      expect(line).toBe(lineOf(code, '// ← here'))
      expect(message.split('\n')[0]).toMatch(first)
      for (const phrase of names) expect(message).toContain(phrase)
      expect(message).not.toContain('overload')
    })
  }
})
