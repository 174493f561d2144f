import { describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'
import ajvErrors from 'ajv-errors'
import warren from 'warren'

const require = createRequire(import.meta.url)

describe('9 versioning', () => {
  it('9 the default validator is Ajv 8 (draft-07 dialect, errors shaped as Ajv 8 ones)', async () => {
    expect(require('ajv/package.json').version).toMatch(/^8\./)
    const app = warren()
    app.post('/v', {
      attachValidation: true,
      schema: {
        body: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { kind: { type: 'string' }, size: { type: 'integer' } },
          if: { properties: { kind: { const: 'big' } } },
          then: { properties: { size: { type: 'number', minimum: 100 } } },
          else: { properties: { size: { type: 'number', maximum: 10 } } },
        },
      },
    }, async (request: any) => ({ error: request.validationError?.validation?.[0] ?? null }))
    const ok = await app.inject({ method: 'POST', url: '/v', payload: { kind: 'big', size: 200 } })
    expect(ok.json()).toEqual({ error: null })
    const bad = await app.inject({ method: 'POST', url: '/v', payload: { kind: 'big', size: 5 } })
    // Ajv 8 shape: instancePath (Ajv 6 said dataPath)
    expect(bad.json().error).toMatchObject({ instancePath: '/size', keyword: 'minimum' })
    expect(bad.json().error.dataPath).toBeUndefined()
  })

  it('9 validator plugins for Ajv 8 (ajv-errors 3) work through validator.plugins', async () => {
    expect(require('ajv-errors/package.json').version).toMatch(/^3\./)
    const app = warren({ validator: { customOptions: { allErrors: true }, plugins: [ajvErrors] } })
    app.post('/e', {
      schema: { body: { type: 'object', properties: { n: { type: 'integer', errorMessage: 'n should be a whole number' } } } },
    }, async () => 'ok')
    expect((await app.inject({ method: 'POST', url: '/e', payload: { n: 1.5 } })).json().message).toBe('body/n n should be a whole number')
  })

  it('9 a plugin that is not a function is refused at start', async () => {
    let failed = false
    try {
      const app = warren({ validator: { plugins: ['not-a-plugin'] as any } })
      app.post('/e', { schema: { body: { type: 'object' } } }, async () => 'ok')
      await app.ready()
    } catch {
      failed = true
    }
    expect(failed).toBe(true)
  })
})
