/**
 * @module schema/store
 * The shared schemas of one context (`addSchema`, `getSchema`, `getSchemas`): warren's own store,
 * or a bucket the application supplies through `schemaController.bucket`.
 */
import { codes } from '../core/errors.js'
import { jsonSchemaOf } from './fluent.js'

/** A shared schema: any JSON Schema object with a string `$id`. */
export type SharedSchema = Record<string, any> & { $id: string }

/** What `addSchema` was given, as a shared schema (a builder's JSON Schema); SVC_ERR_SCH_MISSING_ID without a non-empty `$id`. */
function sharedSchemaOf(input: unknown): SharedSchema {
  const schema = jsonSchemaOf(input) as SharedSchema | null
  if (schema === null || typeof schema !== 'object' || typeof schema.$id !== 'string' || schema.$id === '') throw new codes.SVC_ERR_SCH_MISSING_ID()
  return schema
}

/**
 * The shared schemas of one context: its own plus its ancestors', never its
 * descendants'. A child starts empty and looks up through its parent.
 */
export class SchemaStore implements SharedSchemaStore {
  readonly #parent: SchemaStore | null
  readonly #own = new Map<string, SharedSchema>()

  constructor(parent: SchemaStore | null = null) {
    this.#parent = parent
  }

  /** Adds a shared schema (or a schema builder's, see schema/fluent) to this context. */
  add(input: unknown): void {
    const schema = sharedSchemaOf(input)
    if (this.get(schema.$id) !== undefined) throw new codes.SVC_ERR_SCH_ALREADY_PRESENT(schema.$id)
    this.#own.set(schema.$id, schema)
  }

  /** The shared schema with that `$id`, from this context or an ancestor. */
  get(id: string): SharedSchema | undefined {
    return this.#own.get(id) ?? this.#parent?.get(id)
  }

  /** Every shared schema visible here, keyed by `$id` (ancestors first). */
  all(): Record<string, SharedSchema> {
    const result = this.#parent ? this.#parent.all() : {}
    for (const [id, schema] of this.#own) result[id] = schema
    return result
  }

  /** What `getSchemas()` answers: every visible schema by `$id`. */
  list(): unknown {
    return this.all()
  }

  /**
   * The nearest store (this one or an ancestor) that holds schemas of its own: contexts that
   * add none share their ancestor's compilers and compiled functions.
   */
  get owner(): SharedSchemaStore {
    if (this.#own.size > 0 || this.#parent === null) return this
    return this.#parent.owner
  }
}

/** What a context's shared-schema store offers, whoever implements it. */
export interface SharedSchemaStore {
  add(schema: unknown): void
  get(id: string): SharedSchema | undefined
  /** Every visible schema keyed by `$id`, for the compilers. */
  all(): Record<string, SharedSchema>
  /** What `getSchemas()` answers. */
  list(): unknown
  /** The store whose compilers this one's routes share. */
  readonly owner: SharedSchemaStore
}

/** A bucket from `schemaController.bucket(parentSchemas)`: the application's own schema storage for one context. */
export interface SchemaBucket {
  add(schema: unknown): void
  getSchema(id: string): unknown
  getSchemas(): unknown
}

/**
 * A context's store backed by an application bucket. Each context gets its own bucket, started
 * from its parent's `getSchemas()`, so it owns its compilers.
 */
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
