/**
 * @module client/validate
 * Optional response validation with Ajv and ajv-formats, loaded only when asked for; the schema is
  * chosen as the server chooses it (status, class, `default`, media type), bodiless and binary answers unchecked.
 */
import { WarrenClientError } from './errors.js'
import { isBodiless, type ClientResponse } from './response.js'
import type { ValidatorOptions } from '../types/options.js'

export type ResponseSchemaTable = Record<string, Record<string, unknown>>

/** The key the server's `app/response-schemas.ts` spells too: the client imports nothing of the server. */
const kResponseSchemas = Symbol.for('warren.client.response-schemas')

interface ResponseSchemaExport {
  routes: ResponseSchemaTable
  references: unknown[]
  validator?: ValidatorOptions
}

/** The schemas of `validate: true`, read at the first answer (the routes exist by then). */
export function schemasOfApp(app: object): () => ResponseSchemaExport {
  const read = (app as { [kResponseSchemas]?: () => ResponseSchemaExport })[kResponseSchemas]
  if (typeof read !== 'function') throw new TypeError('client(): validate: true reads the response schemas of a warren application; give one as `app`, or give `validate` a table of schemas')
  return () => read.call(app)
}

type Check = ((value: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null }

interface AjvLike {
  compile(schema: unknown): Check
  addSchema(schema: unknown): unknown
}

/** The client checks what the server sent and changes none of it, whatever `customOptions` say. */
const checkOnly = { coerceTypes: false, useDefaults: false, removeAdditional: false } as const

/** The client's Ajv; an unknown format fails its schema's compilation, so it is reported rather than passed unchecked. */
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

function essence(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

/** A `content` map's entry for `mediaType` (or `*\/*`), else `entry` itself. */
function schemaFor(entry: unknown, mediaType: string): unknown {
  const content = (entry as { content?: unknown } | null)?.content
  if (content === null || typeof content !== 'object' || typeof (entry as { type?: unknown }).type === 'string') return entry
  const byType = content as Record<string, { schema?: unknown } | undefined>
  const key = Object.keys(byType).find((name) => essence(name) === mediaType) ?? '*/*'
  return byType[key]?.schema
}

/** True for a Standard Schema (an ArkType type is a function). */
function isStandardSchema(schema: unknown): boolean {
  return (typeof schema === 'object' || typeof schema === 'function') && schema !== null && '~standard' in schema
}

export class ResponseValidator {
  #table: ResponseSchemaTable | null
  #references: unknown[]
  #validator: ValidatorOptions | undefined
  readonly #source: (() => ResponseSchemaExport) | null
  readonly #compiled = new Map<unknown, Check>()
  #ajv: Promise<AjvLike> | undefined

  /** `schemas` is a table, or a function read once at the first answer; `validator` defaults to the application's own. */
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

  async check(method: string, path: string, response: ClientResponse): Promise<void> {
    // bytes (an image, a file: neither JSON nor text) are what a schema's `format: 'binary'` names, not a value to check
    if (isBodiless(method, response.status) || response.body instanceof Uint8Array) return
    const byStatus = this.#tableNow()[`${method} ${path}`]
    if (byStatus === undefined) return
    const status = String(response.status)
    const entry = byStatus[status] ?? byStatus[`${status[0]}xx`] ?? byStatus[`${status[0]}XX`] ?? byStatus.default
    // a Standard Schema describes the handler's value before its library transforms it, not the wire JSON
    if (entry === undefined || isStandardSchema(entry)) return
    const schema = schemaFor(entry, essence(response.headers.get('content-type')))
    if (schema === undefined || isStandardSchema(schema)) return
    const check = await this.#compile(schema, `the ${status} schema of ${method} ${path}`)
    if (check(response.body)) return
    const first = check.errors?.[0]
    const where = first === undefined ? '' : `: ${first.instancePath || '/'} ${first.message ?? 'is invalid'}`
    throw new WarrenClientError('CLIENT_ERR_RESPONSE_VALIDATION', `The ${status} answer of ${method} ${path} does not match its schema${where}`, { status: response.status })
  }

  /** Compiled once; a schema Ajv cannot compile rejects with `CLIENT_ERR_RESPONSE_SCHEMA`. */
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
