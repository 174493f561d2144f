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
import { BucketStore, SchemaStore, type SharedSchema, type SharedSchemaStore } from './store.js'
import type { SchemaController, SerializerCompiler, SerializerOptions, ValidatorCompiler } from '../types/index.js'

/** The compiler built for the store that owns `store`'s schemas, built on first use. */
function cachedFor<T>(cache: WeakMap<SharedSchemaStore, T>, store: SharedSchemaStore, build: (shared: Record<string, SharedSchema>) => T): T {
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
  readonly #validators = new WeakMap<SharedSchemaStore, ValidatorCompiler>()
  /** Validators of contexts with options of their own (`setValidatorOptions`), by those options. */
  readonly #contextValidators = new WeakMap<ValidatorOptions, WeakMap<SharedSchemaStore, ValidatorCompiler>>()
  readonly #serializers = new WeakMap<SharedSchemaStore, SerializerCompiler>()
  /** The application's `serializerOpts`, for fast-json-stringify. */
  readonly serializerOptions: SerializerOptions
  /** The application's compile cache; null when `schemaCache` is off. */
  readonly cache: CompileCache | null

  constructor(validatorOptions: ValidatorOptions, schemaCache: SchemaCacheOption = false, serializerOptions: SerializerOptions = {}) {
    this.#validatorOptions = validatorOptions
    this.serializerOptions = serializerOptions
    const dir = cacheDirOf(schemaCache)
    this.cache = dir === null ? null : new CompileCache(dir)
  }

  /**
   * The default validator compiler of a context's shared schemas (Ajv), with the application's
   * validator options, or with `contextOptions` added to them (see {@link extendValidatorOptions}).
   */
  validatorFor(store: SharedSchemaStore, contextOptions: ValidatorOptions | null = null): ValidatorCompiler {
    if (contextOptions === null) return cachedFor(this.#validators, store, (shared) => buildAjvCompiler(shared, this.#validatorOptions, this.cache))
    let byStore = this.#contextValidators.get(contextOptions)
    if (byStore === undefined) {
      byStore = new WeakMap()
      this.#contextValidators.set(contextOptions, byStore)
    }
    const options = extendValidatorOptions(this.#validatorOptions, contextOptions)
    return cachedFor(byStore, store, (shared) => buildAjvCompiler(shared, options, this.cache))
  }

  /** The application's validator options (what a controller's `buildValidator` receives). */
  get validatorOptions(): ValidatorOptions {
    return this.#validatorOptions
  }

  /** The default serializer compiler of a context's shared schemas (fast-json-stringify). */
  serializerFor(store: SharedSchemaStore): SerializerCompiler {
    return cachedFor(this.#serializers, store, (shared) => buildFjsCompiler(shared, this.cache, this.serializerOptions))
  }

  /** What {@link validatorFor} gives, if a route already had it built; never builds one. */
  builtValidatorFor(store: SharedSchemaStore, contextOptions: ValidatorOptions | null = null): ValidatorCompiler | undefined {
    const cache = contextOptions === null ? this.#validators : this.#contextValidators.get(contextOptions)
    return cache?.get(store.owner)
  }

  /** What {@link serializerFor} gives, if a route already had it built; never builds one. */
  builtSerializerFor(store: SharedSchemaStore): SerializerCompiler | undefined {
    return this.#serializers.get(store.owner)
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

/** Compilers a controller's factories built, per factory and store: built once per context that owns schemas. */
const builtByFactory = new WeakMap<Function, WeakMap<SharedSchemaStore, unknown>>()

function builtBy<T>(factory: Function, store: SharedSchemaStore, build: (shared: Record<string, SharedSchema>) => T): T {
  let byStore = builtByFactory.get(factory)
  if (byStore === undefined) {
    byStore = new WeakMap()
    builtByFactory.set(factory, byStore)
  }
  return cachedFor(byStore as WeakMap<SharedSchemaStore, T>, store, build)
}

/**
 * A child's controller: its own settings over its parent's, factory by factory (a child that
 * gives only `buildValidator` keeps its parent's `buildSerializer`).
 */
export function mergeSchemaController(parent: SchemaController | null, own: SchemaController): SchemaController {
  return {
    bucket: own.bucket ?? parent?.bucket,
    compilersFactory: { ...parent?.compilersFactory, ...own.compilersFactory },
  }
}

/** A context's store: a bucket of its own when the controller has a bucket factory, else warren's, over its parent's. */
export function storeFor(controller: SchemaController | null, parent: SharedSchemaStore | null): SharedSchemaStore {
  if (controller?.bucket) return new BucketStore(controller.bucket(parent?.list()))
  return new SchemaStore(parent instanceof SchemaStore ? parent : null)
}

/** The default reply serializer: JSON, whatever the status (a custom one also gets the status code). */
export const jsonReplySerializer = (payload: unknown): string => JSON.stringify(payload)

/**
 * The schema settings of one context: its shared-schema store, custom compilers, error
 * formatter and default reply serializer. A child inherits them and may replace its own.
 */
export class SchemaCompilers {
  store: SharedSchemaStore
  readonly defaults: DefaultCompilers
  /** The `schemaController` in force here (`setSchemaController`, else inherited); null: warren's defaults. */
  controller: SchemaController | null
  customValidatorCompiler: ValidatorCompiler | null
  customSerializerCompiler: SerializerCompiler | null
  /** Validator options of this context (and its descendants) over the application's; null: the application's. */
  validatorOptions: ValidatorOptions | null
  schemaErrorFormatter: SchemaErrorFormatter
  replySerializer: (payload: unknown, statusCode: number) => string

  constructor(defaults: DefaultCompilers, parent: SchemaCompilers | null, schemaErrorFormatter?: SchemaErrorFormatter, controller: SchemaController | null = null) {
    this.defaults = defaults
    this.controller = parent ? parent.controller : controller
    this.store = storeFor(this.controller, parent ? parent.store : null)
    this.customValidatorCompiler = parent ? parent.customValidatorCompiler : null
    this.customSerializerCompiler = parent ? parent.customSerializerCompiler : null
    this.validatorOptions = parent ? parent.validatorOptions : null
    this.schemaErrorFormatter = parent ? parent.schemaErrorFormatter : (schemaErrorFormatter ?? defaultSchemaErrorFormatter)
    this.replySerializer = parent ? parent.replySerializer : jsonReplySerializer
  }

  /** The validator compiler routes of this context use. */
  get validatorCompiler(): ValidatorCompiler {
    if (this.customValidatorCompiler !== null) return this.customValidatorCompiler
    const build = this.controller?.compilersFactory?.buildValidator
    if (build) return builtBy(build, this.store, (shared) => build(shared, this.defaults.validatorOptions))
    return this.defaults.validatorFor(this.store, this.validatorOptions)
  }

  /** Whether this context's routes validate with warren's own compiler (Ajv), not one the application set or built. */
  get validatesWithDefault(): boolean {
    return this.customValidatorCompiler === null && this.controller?.compilersFactory?.buildValidator === undefined
  }

  /** Whether this context's routes serialize with warren's own compiler (fast-json-stringify). */
  get serializesWithDefault(): boolean {
    return this.customSerializerCompiler === null && this.controller?.compilersFactory?.buildSerializer === undefined
  }

  /** The serializer compiler routes of this context use. */
  get serializerCompiler(): SerializerCompiler {
    if (this.customSerializerCompiler !== null) return this.customSerializerCompiler
    const build = this.controller?.compilersFactory?.buildSerializer
    if (build) return builtBy(build, this.store, (shared) => build(shared, this.defaults.serializerOptions))
    return this.defaults.serializerFor(this.store)
  }

  /**
   * The compiler of `kind` as `instance.validatorCompiler` reports it: the one set here, else the
   * one built for this context's routes if one was (a default is built only for a route that
   * needs it, as in Fastify); undefined otherwise. Never builds one.
   */
  builtCompiler(kind: 'validatorCompiler' | 'serializerCompiler'): ValidatorCompiler | SerializerCompiler | undefined {
    const validator = kind === 'validatorCompiler'
    const custom = validator ? this.customValidatorCompiler : this.customSerializerCompiler
    if (custom !== null) return custom
    const build = validator ? this.controller?.compilersFactory?.buildValidator : this.controller?.compilersFactory?.buildSerializer
    if (build) return builtByFactory.get(build)?.get(this.store.owner) as ValidatorCompiler | SerializerCompiler | undefined
    return validator ? this.defaults.builtValidatorFor(this.store, this.validatorOptions) : this.defaults.builtSerializerFor(this.store)
  }

  /** `setSchemaController`: this context's controller over its parent's; a new bucket starts from the schemas visible here. */
  setController(own: SchemaController): void {
    this.controller = mergeSchemaController(this.controller, own)
    if (own.bucket) this.store = new BucketStore(own.bucket(this.store.list()))
  }
}
