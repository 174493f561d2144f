/** Shared by the OpenAPI tests: an application documented by warren/openapi, and the checks every document must pass. */
import { Validator } from '@seriousme/openapi-schema-validator'
import { expect } from 'vitest'
import warren from 'warren'
import openapi, { type OpenApiDocument, type OpenApiOptions } from 'warren/openapi'

type App = ReturnType<typeof warren>

/** A root instance with the plugin registered (and loaded), then `routes` mounted. */
export async function documented(routes: (app: App) => Promise<void>, options: Partial<OpenApiOptions> = {}) {
  const app = await warren().register(openapi, { info: { title: 'Test API', version: '1.0.0' }, ...options })
  app.register(routes)
  return app
}

/** Validates against the official OpenAPI 3.1 schema and checks that every `$ref` resolves inside the document. */
export async function expectValidDocument(document: OpenApiDocument): Promise<void> {
  const result = await new Validator().validate(structuredClone(document) as unknown as Parameters<Validator['validate']>[0])
  expect(result.errors ?? []).toEqual([])
  expect(result.valid).toBe(true)
  for (const ref of refsIn(document)) {
    expect(ref, 'a $ref points into the document').toMatch(/^#\/components\/(schemas|responses)\//)
    expect(resolve(document, ref), `${ref} resolves`).toBeDefined()
  }
  expect(JSON.parse(JSON.stringify(document))).toEqual(document) // plain data: nothing JSON would drop
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found)
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value)
      else refsIn(value, found)
    }
  }
  return found
}

function resolve(document: unknown, ref: string): unknown {
  let node = document
  for (const token of ref.slice(2).split('/')) {
    node = (node as Record<string, unknown> | undefined)?.[decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return node
}

/** Every `METHOD path` of a document. */
export function operationsOf(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)).sort()
}
