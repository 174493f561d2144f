/**
 * What validation does and the ways to shape its errors.
 *
 *   POST /notes              body with a `content` map: JSON and text each validated by their own schema
 *   GET  /search             querystring coercion: one `tag` becomes a one-element array, `limit` defaults
 *   POST /lenient            attachValidation: the handler decides what an invalid body means
 *   POST /per-part/:id       a validator compiler that switches on httpPart
 *   POST /formatted/users    a context's own schemaErrorFormatter
 *   POST /unprocessable/users a context whose error handler answers 422
 *   POST /friendly/users     ajv-errors `errorMessage` (needs allErrors: true, in that context only)
 *   POST /localised/users    messages translated with ajv-i18n (`?lang=fr`)
 */
import { Ajv, type ErrorObject } from 'ajv'
import ajvErrorsModule from 'ajv-errors'
import localizeModule from 'ajv-i18n'
import warren, { Type } from 'warren'

const ajvErrors = ajvErrorsModule.default
// ajv-i18n is CommonJS without a `default`: its module object is the table of translators
const localize = localizeModule as unknown as Record<string, (errors: ErrorObject[]) => void>

const User = Type.Object({ name: Type.String({ minLength: 1 }), age: Type.Integer({ minimum: 0 }) }, { additionalProperties: false })

/** The example's routes, as a plugin. */
export async function validationExample(app: ReturnType<typeof warren>): Promise<void> {
  app.post(
    '/notes',
    {
      schema: {
        body: {
          content: {
            'application/json': { schema: Type.Object({ text: Type.String({ maxLength: 20 }) }) },
            'text/plain': { schema: Type.String({ maxLength: 20 }) },
          },
        },
      },
    },
    async (request) => ({ received: request.body }),
  )

  app.get(
    '/search',
    { schema: { querystring: Type.Object({ tag: Type.Array(Type.String()), limit: Type.Integer({ default: 10, maximum: 100 }) }) } },
    async (request) => request.query,
  )

  app.post('/lenient', { attachValidation: true, schema: { body: User } }, async (request, reply) => {
    if (request.validationError) {
      return reply.code(200).send({ accepted: false, because: request.validationError.message, part: request.validationError.validationContext })
    }
    return { accepted: true }
  })

  // one validator per part, and a loud failure for a part it has no validator for
  app.register(async (perPart) => {
    const strict = new Ajv({ allErrors: false })
    const coercing = new Ajv({ coerceTypes: true })
    perPart.setValidatorCompiler(({ schema, httpPart }) => {
      if (httpPart === 'body') return strict.compile(schema)
      if (httpPart === 'params') return coercing.compile(schema)
      throw new Error(`no validator for the ${httpPart} part`)
    })
    perPart.post(
      '/per-part/:id',
      { schema: { params: Type.Object({ id: Type.Integer() }), body: Type.Object({ note: Type.String() }) } },
      async (request) => ({ id: request.params.id, note: request.body.note }),
    )
  })

  app.register(
    async (formatted) => {
      formatted.setSchemaErrorFormatter((errors, dataVar) => new Error(`${dataVar} is invalid: ${errors.map((e) => e.message).join('; ')}`))
      formatted.post('/users', { schema: { body: User } }, async (request) => request.body)
    },
    { prefix: '/formatted' },
  )

  app.register(
    async (unprocessable) => {
      unprocessable.setErrorHandler((error, _request, reply) => {
        if (error.validation) return reply.code(422).send({ statusCode: 422, error: 'Unprocessable Entity', part: error.validationContext, issues: error.validation })
        return reply.send(error)
      })
      unprocessable.post('/users', { schema: { body: User } }, async (request) => request.body)
    },
    { prefix: '/unprocessable' },
  )

  // custom messages need allErrors (a denial-of-service risk), so only this context has it
  app.register(
    async (friendly) => {
      const ajv = new Ajv({ allErrors: true, coerceTypes: 'array', useDefaults: true, removeAdditional: true })
      ajvErrors(ajv)
      friendly.setValidatorCompiler(({ schema }) => ajv.compile(schema))
      const FriendlyUser = Type.Object(
        { name: Type.String({ minLength: 1 }), age: Type.Integer({ minimum: 0 }) },
        { errorMessage: { required: { name: 'Tell us your name', age: 'Tell us your age' }, properties: { age: 'Age is a whole number, 0 or more' } } },
      )
      friendly.post('/users', { schema: { body: FriendlyUser } }, async (request) => request.body)
    },
    { prefix: '/friendly' },
  )

  // localisation applies an ajv-i18n translator to error.validation
  app.register(
    async (localised) => {
      localised.setErrorHandler((error, request, reply) => {
        const lang = (request.query as { lang?: string }).lang
        if (!error.validation || lang === undefined || !Object.hasOwn(localize, lang)) return reply.send(error)
        const items = error.validation as ErrorObject[]
        localize[lang](items)
        const message = items.map((item) => `${error.validationContext}${item.instancePath} ${item.message}`).join(', ')
        return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message })
      })
      localised.post('/users', { schema: { body: User } }, async (request) => request.body)
    },
    { prefix: '/localised' },
  )
}

/** The example as a standalone application. */
export function build(): ReturnType<typeof warren> {
  const app = warren()
  app.register(validationExample)
  return app
}

const json = '-H "content-type: application/json"'
/** What to try once it runs. */
export const tryIt = [
  `POST /notes ${json} -d '{"text":"hello"}'`,
  `POST /notes -H "content-type: text/plain" -d 'a text that is far too long for the schema'`,
  'GET /search?tag=one',
  'GET /search?tag=one&tag=two&limit=3',
  `POST /lenient ${json} -d '{"name":"","age":1}'`,
  `POST /per-part/42 ${json} -d '{"note":"hi"}'`,
  `POST /formatted/users ${json} -d '{"age":-1}'`,
  `POST /unprocessable/users ${json} -d '{"name":"Ada"}'`,
  `POST /friendly/users ${json} -d '{}'`,
  `POST /localised/users?lang=fr ${json} -d '{"name":"Ada"}'`,
]
