/**
 * Shared schemas added with `addSchema` in nested contexts, and every `$ref`
 * form, each used by the validator (the request body) and the serializer (the response).
 *
 * Every route under /refs takes `{ "point": { "x": 1, "y": 2 } }`, validates `point` through one
 * form of `$ref`, and answers the same shape through the same `$ref` — a property the referenced
 * schema does not list (`z`) is dropped on the way out.
 */
import warren, { Type } from 'warren'

const Point = { type: 'object', properties: { x: { type: 'integer' }, y: { type: 'integer' } }, required: ['x', 'y'] }

/** Builds the route schema `{ point: <ref> }` (body and 200 response), plus any local definitions. */
function refSchema(ref: string, definitions?: Record<string, unknown>) {
  const body = { type: 'object', properties: { point: { $ref: ref } }, required: ['point'], ...(definitions && { definitions }) }
  return { body, response: { 200: body } }
}

/** Each `$ref` form, by route. */
export const refForms: Array<{ path: string; ref: string; definitions?: Record<string, unknown> }> = [
  { path: '/local-anchor', ref: '#point', definitions: { point: { $id: '#point', ...Point } } },
  { path: '/local-definitions', ref: '#/definitions/point', definitions: { point: Point } },
  { path: '/shared-root', ref: 'point#' },
  { path: '/shared-definitions', ref: 'geometry#/definitions/point' },
  { path: '/shared-properties', ref: 'geometry#/properties/origin' },
  { path: '/shared-anchor', ref: 'geometry#anchored' },
]

/** The example's routes, as a plugin. */
export async function sharedSchemasExample(app: ReturnType<typeof warren>): Promise<void> {
  // root context: visible everywhere below
  app.addSchema({ $id: 'point', ...Point })
  app.addSchema({
    $id: 'geometry',
    type: 'object',
    properties: { origin: Point },
    definitions: { point: Point, anchored: { $id: '#anchored', ...Point } },
  })

  app.register(
    async (refs) => {
      // child context: 'label' is visible here and below, not in the sibling
      refs.addSchema(Type.String({ $id: 'label', minLength: 1 }))
      for (const form of refForms) {
        refs.post(form.path, { schema: refSchema(form.ref, form.definitions) }, async (request) => {
          const { point } = request.body as { point: Record<string, number> }
          return { point: { ...point, z: 99 } }
        })
      }
      refs.post('/labelled', { schema: { body: Type.Object({ label: Type.Ref('label') }) } }, async (request) => request.body)
      refs.get('/schemas', async () => Object.keys(refs.getSchemas()))
    },
    { prefix: '/refs' },
  )

  app.register(async (sibling) => {
    sibling.get('/sibling/schemas', async () => Object.keys(sibling.getSchemas()))
  })
}

/** The example as a standalone application. */
export function build(): ReturnType<typeof warren> {
  const app = warren()
  app.register(sharedSchemasExample)
  return app
}

/** What to try once it runs. */
export const tryIt = [
  ...refForms.map((form) => `POST /refs${form.path} -H "content-type: application/json" -d '{"point":{"x":1,"y":2,"z":3}}'`),
  `POST /refs/shared-root -H "content-type: application/json" -d '{"point":{"x":"one"}}'`,
  'GET /refs/schemas',
  'GET /sibling/schemas',
]
