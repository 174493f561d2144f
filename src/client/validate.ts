/**
 * @module client/validate
 * Optional response validation with Ajv and ajv-formats, the validator the server uses, loaded only
 * when asked for: the schema for an answer is chosen as the server chooses it — exact status, then
 * its class (`2xx`), then `default`; a `content` map by the answer's media type — and a bodiless
 * answer (204, 205, 304, any answer to HEAD) is not checked against a body schema.
 */
import { WarrenClientError } from './errors.js'
import type { ClientResponse } from './response.js'
import type { ValidatorOptions } from '../types/options.js'

/** Response schemas by route (`'GET /users/:id'`) and status key (`'200'`, `'2xx'`, `'default'`). */
export type ResponseSchemaTable = Record<string, Record<string, unknown>>

/**
 * Where a warren application keeps the function that lists its routes' response schemas
 * (`app/response-schemas.ts` on the server spells the same registry key: the client imports
 * nothing of the server).
 */
const kResponseSchemas = Symbol.for('warren.client.response-schemas')

/** What that function returns: the schemas, the shared schemas they reference, the application's `validator` option. */
interface ResponseSchemaExport {
  routes: ResponseSchemaTable
  references: unknown[]
  validator?: ValidatorOptions
}

/**
 * The schemas of `validate: true`: read from the application injected into, when the first
 * answer arrives (its routes exist by then). Throws a `TypeError` when `app` is not a warren
 * application.
 */
export function schemasOfApp(app: object): () => ResponseSchemaExport {
  const read = (app as { [kResponseSchemas]?: () => ResponseSchemaExport })[kResponseSchemas]
  if (typeof read !== 'function') throw new TypeError('client(): validate: true reads the response schemas of a warren application; give one as `app`, or give `validate` a table of schemas')
  return () => read.call(app)
}

/** Statuses whose answers have no body (RFC 9110), whatever the schema of their key says. */
const bodiless = new Set([204, 205, 304])

/** A compiled check: Ajv's validate function, its errors after a failure. */
type Check = ((value: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null }

/** The parts of Ajv the validator uses. */
interface AjvLike {
  compile(schema: unknown): Check
  addSchema(schema: unknown): unknown
}

/**
 * What the client's Ajv never does to an answer, whatever `customOptions` say: it checks what the
 * server sent, and changes none of it.
 */
const checkOnly = { coerceTypes: false, useDefaults: false, removeAdditional: false } as const

/**
 * The client's Ajv: ajv-formats in full mode (the formats the server knows), the `validator`
 * settings (formats and keywords in `customOptions`, plugins) and the shared schemas. Keywords the
 * validator does not know (annotations such as `example`) are ignored; an unknown format fails
 * the compilation of the schema that uses it, so it is reported instead of passing unchecked.
 */
async function buildAjv(validator: ValidatorOptions, references: unknown[]): Promise<AjvLike> {
  const [{ Ajv }, formats] = await Promise.all([import('ajv'), import('ajv-formats')])
  const { jsonPointers: _dropped, ...customOptions } = validator.customOptions ?? {}
  const ajv = new Ajv({ strictSchema: 'log', logger: false, allErrors: false, ...customOptions, ...checkOnly })
  const plugins = (validator.plugins ?? []).map((entry) => (Array.isArray(entry) ? entry : ([entry] as const)))
  const addFormats = formats.default as unknown as (ajv: unknown) => void
  const pluginFunction = (plugin: unknown) => (typeof plugin === 'function' ? plugin : (plugin as { default: unknown }).default) as (ajv: unknown, options?: unknown) => void
  if (!plugins.some(([plugin]) => pluginFunction(plugin).name === addFormats.name)) addFormats(ajv)
  for (const [plugin, options] of plugins) pluginFunction(plugin)(ajv, options)
  const seen = new Set<unknown>()
  for (const reference of references) {
    const id = (reference as { $id?: unknown } | null)?.$id
    if (id === undefined || seen.has(id)) continue
    seen.add(id)
    ajv.addSchema(reference as object)
  }
  return ajv
}

/** The media type of a `content-type` header: lower case, without parameters. */
function essence(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

/** The schema of `entry` for an answer of media type `mediaType`: a `content` map's entry for it (or for `*\/*`), else `entry` itself. */
function schemaFor(entry: unknown, mediaType: string): unknown {
  const content = (entry as { content?: unknown } | null)?.content
  if (content === null || typeof content !== 'object' || typeof (entry as { type?: unknown }).type === 'string') return entry
  const byType = content as Record<string, { schema?: unknown } | undefined>
  const key = Object.keys(byType).find((name) => essence(name) === mediaType) ?? '*/*'
  return byType[key]?.schema
}

/** True for a schema of another library (Zod, Valibot, ArkType…: a `~standard` property); an ArkType type is a function. */
function isStandardSchema(schema: unknown): boolean {
  return (typeof schema === 'object' || typeof schema === 'function') && schema !== null && '~standard' in schema
}

/** Validates answers against a table of response schemas, compiling each schema once. */
export class ResponseValidator {
  #table: ResponseSchemaTable | null
  #references: unknown[]
  #validator: ValidatorOptions | undefined
  readonly #source: (() => ResponseSchemaExport) | null
  readonly #compiled = new Map<unknown, Check>()
  #ajv: Promise<AjvLike> | undefined

  /**
   * Checks against `schemas`: a table (with the shared schemas it references), or a function read
   * once, at the first answer. `validator`: the Ajv settings (the server's `validator` option's
   * shape); by default, the application's own when the schemas come from it.
   */
  constructor(schemas: ResponseSchemaTable | (() => ResponseSchemaExport), references: unknown[] = [], validator?: ValidatorOptions) {
    this.#source = typeof schemas === 'function' ? schemas : null
    this.#table = typeof schemas === 'function' ? null : schemas
    this.#references = references
    this.#validator = validator
  }

  #tableNow(): ResponseSchemaTable {
    if (this.#table === null) {
      const exported = this.#source!()
      this.#table = exported.routes
      this.#references = [...this.#references, ...exported.references]
      this.#validator ??= exported.validator
    }
    return this.#table
  }

  /** Throws `CLIENT_ERR_RESPONSE_VALIDATION` when `response` does not match its route's schema for its status. */
  async check(method: string, path: string, response: ClientResponse): Promise<void> {
    if (method === 'HEAD' || bodiless.has(response.status)) return
    const byStatus = this.#tableNow()[`${method} ${path}`]
    if (byStatus === undefined) return
    const status = String(response.status)
    const entry = byStatus[status] ?? byStatus[`${status[0]}xx`] ?? byStatus[`${status[0]}XX`] ?? byStatus.default
    // another library's schema (Standard Schema) describes what the handler gives, before the
    // library transforms it, not the JSON on the wire; and checking it would load that library
    if (entry === undefined || isStandardSchema(entry)) return
    const schema = schemaFor(entry, essence(response.headers.get('content-type')))
    if (schema === undefined || isStandardSchema(schema)) return
    const check = await this.#compile(schema, `the ${status} schema of ${method} ${path}`)
    if (check(response.body)) return
    const first = check.errors?.[0]
    const where = first === undefined ? '' : `: ${first.instancePath || '/'} ${first.message ?? 'is invalid'}`
    throw new WarrenClientError('CLIENT_ERR_RESPONSE_VALIDATION', `The ${status} answer of ${method} ${path} does not match its schema${where}`, { status: response.status })
  }

  /** The check of `schema`, compiled once; a schema Ajv cannot compile (an unknown format, a `$ref` to no known schema) rejects with `CLIENT_ERR_RESPONSE_SCHEMA`. */
  async #compile(schema: unknown, what: string): Promise<Check> {
    let check = this.#compiled.get(schema)
    if (check === undefined) {
      this.#ajv ??= buildAjv(this.#validator ?? {}, this.#references)
      const ajv = await this.#ajv
      try {
        check = ajv.compile(schema)
      } catch (error) {
        const format = /unknown format "([^"]*)"/.exec((error as Error).message)?.[1]
        const reason = format === undefined ? (error as Error).message : `format '${format}' is unknown to the client (add it to the client's \`validator\` option: \`{ customOptions: { formats: { '${format}': … } } }\`)`
        throw new WarrenClientError('CLIENT_ERR_RESPONSE_SCHEMA', `Cannot check answers against ${what}: ${reason}`, { cause: error })
      }
      this.#compiled.set(schema, check)
    }
    return check
  }
}
