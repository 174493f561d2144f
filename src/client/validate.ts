/**
 * @module client/validate
 * Optional response validation with TypeBox's compiler, loaded only when asked for; the schema is
  * chosen as the server chooses it (status, class, `default`).
 */
import { WarrenClientError } from './errors.js'
import type { ClientResponse } from './response.js'

export type ResponseSchemaTable = Record<string, Record<string, unknown>>

/** The key the server's `app/response-schemas.ts` spells too: the client imports nothing of the server. */
const kResponseSchemas = Symbol.for('warren.client.response-schemas')

interface ResponseSchemaExport {
  routes: ResponseSchemaTable
  references: unknown[]
}

/** The schemas of `validate: true`, read at the first answer (the routes exist by then). */
export function schemasOfApp(app: object): () => ResponseSchemaExport {
  const read = (app as { [kResponseSchemas]?: () => ResponseSchemaExport })[kResponseSchemas]
  if (typeof read !== 'function') throw new TypeError('client(): validate: true reads the response schemas of a warren application; give one as `app`, or give `validate` a table of schemas')
  return () => read.call(app)
}

type Check = { Check(value: unknown): boolean; Errors(value: unknown): Iterable<{ path: string; message: string }> }

/** True for a Standard Schema (an ArkType type is a function). */
function isStandardSchema(schema: unknown): boolean {
  return (typeof schema === 'object' || typeof schema === 'function') && schema !== null && '~standard' in schema
}

export class ResponseValidator {
  #table: ResponseSchemaTable | null
  #references: unknown[]
  readonly #source: (() => ResponseSchemaExport) | null
  readonly #compiled = new Map<unknown, Check>()
  #compiler: Promise<{ Compile(schema: unknown, references: unknown[]): Check }> | undefined

  /** `schemas` is a table, or a function read once at the first answer. */
  constructor(schemas: ResponseSchemaTable | (() => ResponseSchemaExport), references: unknown[] = []) {
    this.#source = typeof schemas === 'function' ? schemas : null
    this.#table = typeof schemas === 'function' ? null : schemas
    this.#references = references
  }

  #tableNow(): ResponseSchemaTable {
    if (this.#table === null) {
      const exported = this.#source!()
      this.#table = exported.routes
      this.#references = [...this.#references, ...exported.references]
    }
    return this.#table
  }

  async check(method: string, path: string, response: ClientResponse): Promise<void> {
    const byStatus = this.#tableNow()[`${method} ${path}`]
    if (byStatus === undefined) return
    const status = String(response.status)
    const schema = byStatus[status] ?? byStatus[`${status[0]}xx`] ?? byStatus[`${status[0]}XX`] ?? byStatus.default
    // a Standard Schema describes the handler's value before its library transforms it, not the wire JSON
    if (schema === undefined || isStandardSchema(schema)) return
    const check = await this.#compile(schema)
    if (check.Check(response.body)) return
    const first = [...check.Errors(response.body)][0]
    const where = first === undefined ? '' : `: ${first.path || '/'} ${first.message}`
    throw new WarrenClientError('CLIENT_ERR_RESPONSE_VALIDATION', `The ${status} answer of ${method} ${path} does not match its schema${where}`, { status: response.status })
  }

  async #compile(schema: unknown): Promise<Check> {
    let check = this.#compiled.get(schema)
    if (check === undefined) {
      this.#compiler ??= import('@sinclair/typebox/compiler').then((module) => module.TypeCompiler as unknown as { Compile(schema: unknown, references: unknown[]): Check })
      check = (await this.#compiler).Compile(schema, this.#references)
      this.#compiled.set(schema, check)
    }
    return check
  }
}
