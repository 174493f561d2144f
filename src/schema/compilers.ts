/**
 * @module schema/compilers
 * Which compilers a context's routes use: the application's default ones (one per distinct set of
 * shared schemas) unless the context set its own, plus its error formatter and reply serializer.
 */
import { buildAjvCompiler, type ValidatorOptions } from './ajv-compiler.js'
import { buildFjsCompiler } from './fjs-compiler.js'
import { cacheDirOf, type SchemaCacheOption } from './cache-option.js'
import { CompileCache } from './compile-cache.js'
import { defaultSchemaErrorFormatter, type SchemaErrorFormatter } from './error-formatter.js'
import { SchemaStore, type SharedSchema } from './store.js'
import type { SerializerCompiler, ValidatorCompiler } from '../types/index.js'

/** The compiler built for the store that owns `store`'s schemas, built on first use. */
function cachedFor<T>(cache: WeakMap<SchemaStore, T>, store: SchemaStore, build: (shared: Record<string, SharedSchema>) => T): T {
  const owner = store.owner
  let compiler = cache.get(owner)
  if (compiler === undefined) {
    compiler = build(owner.all())
    cache.set(owner, compiler)
  }
  return compiler
}

/**
 * The application-wide default compilers, one Ajv and one fast-json-stringify builder per
 * distinct set of shared schemas (contexts that add no schema share their ancestor's). The
 * schema compile cache, when the application turned it on, lives here: custom compilers
 * never see it.
 */
export class DefaultCompilers {
  readonly #validatorOptions: ValidatorOptions
  readonly #validators = new WeakMap<SchemaStore, ValidatorCompiler>()
  /** Validators of contexts with options of their own (`setValidatorOptions`), by those options. */
  readonly #contextValidators = new WeakMap<ValidatorOptions, WeakMap<SchemaStore, ValidatorCompiler>>()
  readonly #serializers = new WeakMap<SchemaStore, SerializerCompiler>()
  /** The application's compile cache; null when `schemaCache` is off. */
  readonly cache: CompileCache | null

  constructor(validatorOptions: ValidatorOptions, schemaCache: SchemaCacheOption = false) {
    this.#validatorOptions = validatorOptions
    const dir = cacheDirOf(schemaCache)
    this.cache = dir === null ? null : new CompileCache(dir)
  }

  /**
   * The default validator compiler of a context's shared schemas (Ajv), with the application's
   * validator options, or with `contextOptions` added to them (see {@link extendValidatorOptions}).
   */
  validatorFor(store: SchemaStore, contextOptions: ValidatorOptions | null = null): ValidatorCompiler {
    if (contextOptions === null) return cachedFor(this.#validators, store, (shared) => buildAjvCompiler(shared, this.#validatorOptions, this.cache))
    let byStore = this.#contextValidators.get(contextOptions)
    if (byStore === undefined) {
      byStore = new WeakMap()
      this.#contextValidators.set(contextOptions, byStore)
    }
    const options = extendValidatorOptions(this.#validatorOptions, contextOptions)
    return cachedFor(byStore, store, (shared) => buildAjvCompiler(shared, options, this.cache))
  }

  /** The default serializer compiler of a context's shared schemas (fast-json-stringify). */
  serializerFor(store: SchemaStore): SerializerCompiler {
    return cachedFor(this.#serializers, store, (shared) => buildFjsCompiler(shared, this.cache))
  }
}

/**
 * A context's validator options over the application's: its `customOptions` override the
 * application's key by key, its `plugins` are applied after the application's.
 */
export function extendValidatorOptions(app: ValidatorOptions, context: ValidatorOptions): ValidatorOptions {
  return {
    customOptions: { ...app.customOptions, ...context.customOptions },
    plugins: [...(app.plugins ?? []), ...(context.plugins ?? [])],
  }
}

/**
 * The schema settings of one context: its shared-schema store, custom compilers, error
 * formatter and default reply serializer. A child inherits them and may replace its own.
 */
export class SchemaCompilers {
  readonly store: SchemaStore
  readonly defaults: DefaultCompilers
  customValidatorCompiler: ValidatorCompiler | null
  customSerializerCompiler: SerializerCompiler | null
  /** Validator options of this context (and its descendants) over the application's; null: the application's. */
  validatorOptions: ValidatorOptions | null
  schemaErrorFormatter: SchemaErrorFormatter
  replySerializer: (payload: unknown) => string

  constructor(defaults: DefaultCompilers, parent: SchemaCompilers | null, schemaErrorFormatter?: SchemaErrorFormatter) {
    this.defaults = defaults
    this.store = new SchemaStore(parent ? parent.store : null)
    this.customValidatorCompiler = parent ? parent.customValidatorCompiler : null
    this.customSerializerCompiler = parent ? parent.customSerializerCompiler : null
    this.validatorOptions = parent ? parent.validatorOptions : null
    this.schemaErrorFormatter = parent ? parent.schemaErrorFormatter : (schemaErrorFormatter ?? defaultSchemaErrorFormatter)
    this.replySerializer = parent ? parent.replySerializer : JSON.stringify
  }

  /** The validator compiler routes of this context use. */
  get validatorCompiler(): ValidatorCompiler {
    return this.customValidatorCompiler ?? this.defaults.validatorFor(this.store, this.validatorOptions)
  }

  /** The serializer compiler routes of this context use. */
  get serializerCompiler(): SerializerCompiler {
    return this.customSerializerCompiler ?? this.defaults.serializerFor(this.store)
  }
}
