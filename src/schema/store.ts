/**
 * @module schema/store
 * A context's shared schemas: warren's own store, or the application's `schemaController.bucket`.
 */
import { codes } from '../core/errors.js'
import { jsonSchemaOf } from './fluent.js'

export type SharedSchema = Record<string, any> & { $id: string }

/** What `addSchema` was given as a shared schema; a non-empty `$id` is required. */
function sharedSchemaOf(input: unknown): SharedSchema {
  const schema = jsonSchemaOf(input) as SharedSchema | null
  if (schema === null || typeof schema !== 'object' || typeof schema.$id !== 'string' || schema.$id === '') throw new codes.SVC_ERR_SCH_MISSING_ID()
  return schema
}

/** A context's own shared schemas over its ancestors'; a child starts empty. */
export class SchemaStore implements SharedSchemaStore {
  readonly #parent: SchemaStore | null
  readonly #own = new Map<string, SharedSchema>()

  constructor(parent: SchemaStore | null = null) {
    this.#parent = parent
  }

  add(input: unknown): void {
    const schema = sharedSchemaOf(input)
    if (this.get(schema.$id) !== undefined) throw new codes.SVC_ERR_SCH_ALREADY_PRESENT(schema.$id)
    this.#own.set(schema.$id, schema)
  }

  get(id: string): SharedSchema | undefined {
    return this.#own.get(id) ?? this.#parent?.get(id)
  }

  /** Every visible shared schema by `$id`, ancestors first. */
  all(): Record<string, SharedSchema> {
    const result = this.#parent ? this.#parent.all() : {}
    for (const [id, schema] of this.#own) result[id] = schema
    return result
  }

  list(): unknown {
    return this.all()
  }

  /** The nearest store that holds schemas of its own: contexts that add none share its compiled functions. */
  get owner(): SharedSchemaStore {
    if (this.#own.size > 0 || this.#parent === null) return this
    return this.#parent.owner
  }
}

export interface SharedSchemaStore {
  add(schema: unknown): void
  get(id: string): SharedSchema | undefined
  all(): Record<string, SharedSchema>
  list(): unknown
  readonly owner: SharedSchemaStore
}

export interface SchemaBucket {
  add(schema: unknown): void
  getSchema(id: string): unknown
  getSchemas(): unknown
}

/** A context's store backed by its own bucket, started from its parent's `getSchemas()`. */
export class BucketStore implements SharedSchemaStore {
  readonly #bucket: SchemaBucket

  constructor(bucket: SchemaBucket) {
    this.#bucket = bucket
  }

  add(input: unknown): void {
    this.#bucket.add(sharedSchemaOf(input))
  }

  get(id: string): SharedSchema | undefined {
    return this.#bucket.getSchema(id) as SharedSchema | undefined
  }

  all(): Record<string, SharedSchema> {
    const schemas = this.#bucket.getSchemas()
    if (schemas instanceof Map) return Object.fromEntries(schemas)
    return (schemas ?? {}) as Record<string, SharedSchema>
  }

  list(): unknown {
    return this.#bucket.getSchemas()
  }

  get owner(): SharedSchemaStore {
    return this
  }
}
