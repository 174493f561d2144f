import { codes } from '../errors.js'

/** A shared schema: any JSON Schema object with a string `$id`. */
export type SharedSchema = Record<string, any> & { $id: string }

/**
 * The shared schemas of one context: its own plus its ancestors', never its
 * descendants'. A child starts empty and looks up through its parent.
 */
export class SchemaStore {
  readonly #parent: SchemaStore | null
  readonly #own = new Map<string, SharedSchema>()

  constructor(parent: SchemaStore | null = null) {
    this.#parent = parent
  }

  /** Adds a shared schema to this context. */
  add(schema: unknown): void {
    if (schema === null || typeof schema !== 'object' || typeof (schema as SharedSchema).$id !== 'string' || (schema as SharedSchema).$id === '') {
      throw new codes.SVC_ERR_SCH_MISSING_ID()
    }
    const id = (schema as SharedSchema).$id
    if (this.get(id) !== undefined) throw new codes.SVC_ERR_SCH_ALREADY_PRESENT(id)
    this.#own.set(id, schema as SharedSchema)
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

  /**
   * The nearest store (this one or an ancestor) that holds schemas of its own: contexts that
   * add none share their ancestor's compilers and compiled functions.
   */
  get owner(): SchemaStore {
    if (this.#own.size > 0 || this.#parent === null) return this
    return this.#parent.owner
  }
}
