/**
 * @module schema/compilers
 * Which compilers a context's routes use: the application's default ones (one per distinct set of
 * shared schemas) unless the context set its own, plus its error formatter and reply serializer.
 */
import { buildAjvCompiler, type ValidatorOptions } from './ajv-compiler.js'
import { buildFjsCompiler } from './fjs-compiler.js'
import { cacheDirOf, type SchemaCacheOption } from './cache-option.js'
import type { SchemaCodeStore } from './code-store.js'
import { CompileCache } from './compile-cache.js'
import { PrecompiledStore, type PrecompiledSchemasModule } from './precompiled.js'
import { defaultSchemaErrorFormatter, type SchemaErrorFormatter } from './error-formatter.js'
import { BucketStore, SchemaStore, type SharedSchema, type SharedSchemaStore } from './store.js'
import type { SchemaController, SerializerCompiler, SerializerOptions, ValidatorCompiler } from '../types/index.js'

function cachedFor<T>(cache: WeakMap<SharedSchemaStore, T>, store: SharedSchemaStore, build: (shared: Record<string, SharedSchema>) => T): T {
  const owner = store.owner
  let compiler = cache.get(owner)
  if (compiler === undefined) {
    compiler = build(owner.all())
    cache.set(owner, compiler)
  }
  return compiler
}

/** The application's default compilers, one Ajv and one fast-json-stringify builder per set of shared schemas; its code store is never shown to custom compilers. */
export class DefaultCompilers {
  readonly #validatorOptions: ValidatorOptions
  readonly #validators = new WeakMap<SharedSchemaStore, ValidatorCompiler>()
  readonly #contextValidators = new WeakMap<ValidatorOptions, WeakMap<SharedSchemaStore, ValidatorCompiler>>()
  readonly #serializers = new WeakMap<SharedSchemaStore, SerializerCompiler>()
  readonly serializerOptions: SerializerOptions
  #cache: SchemaCodeStore | null

  constructor(validatorOptions: ValidatorOptions, schemaCache: SchemaCacheOption = false, serializerOptions: SerializerOptions = {}, precompiled: PrecompiledSchemasModule | null = null) {
    this.#validatorOptions = validatorOptions
    this.serializerOptions = serializerOptions
    const dir = cacheDirOf(schemaCache)
    this.#cache = precompiled !== null ? new PrecompiledStore(precompiled) : dir === null ? null : new CompileCache(dir)
  }

  get cache(): SchemaCodeStore | null {
    return this.#cache
  }

  /** Sends every schema compiled from now on to `store` (`warren compile --esm`). */
  useStore(store: SchemaCodeStore): void {
    this.#cache = store
  }

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

  get validatorOptions(): ValidatorOptions {
    return this.#validatorOptions
  }

  serializerFor(store: SharedSchemaStore): SerializerCompiler {
    return cachedFor(this.#serializers, store, (shared) => buildFjsCompiler(shared, this.cache, this.serializerOptions))
  }

  /** What {@link validatorFor} gives if already built; never builds one. */
  builtValidatorFor(store: SharedSchemaStore, contextOptions: ValidatorOptions | null = null): ValidatorCompiler | undefined {
    const cache = contextOptions === null ? this.#validators : this.#contextValidators.get(contextOptions)
    return cache?.get(store.owner)
  }

  /** What {@link serializerFor} gives if already built; never builds one. */
  builtSerializerFor(store: SharedSchemaStore): SerializerCompiler | undefined {
    return this.#serializers.get(store.owner)
  }
}

/** A context's validator options over the application's: `customOptions` key by key, `plugins` after. */
export function extendValidatorOptions(app: ValidatorOptions, context: ValidatorOptions): ValidatorOptions {
  return {
    customOptions: { ...app.customOptions, ...context.customOptions },
    plugins: [...(app.plugins ?? []), ...(context.plugins ?? [])],
  }
}

const builtByFactory = new WeakMap<Function, WeakMap<SharedSchemaStore, unknown>>()

function builtBy<T>(factory: Function, store: SharedSchemaStore, build: (shared: Record<string, SharedSchema>) => T): T {
  let byStore = builtByFactory.get(factory)
  if (byStore === undefined) {
    byStore = new WeakMap()
    builtByFactory.set(factory, byStore)
  }
  return cachedFor(byStore as WeakMap<SharedSchemaStore, T>, store, build)
}

/** A child's controller over its parent's, factory by factory. */
export function mergeSchemaController(parent: SchemaController | null, own: SchemaController): SchemaController {
  return {
    bucket: own.bucket ?? parent?.bucket,
    compilersFactory: { ...parent?.compilersFactory, ...own.compilersFactory },
  }
}

export function storeFor(controller: SchemaController | null, parent: SharedSchemaStore | null): SharedSchemaStore {
  if (controller?.bucket) return new BucketStore(controller.bucket(parent?.list()))
  return new SchemaStore(parent instanceof SchemaStore ? parent : null)
}

export const jsonReplySerializer = (payload: unknown): string => JSON.stringify(payload)

/** The schema settings of one context, inherited by its children, which may replace their own. */
export class SchemaCompilers {
  store: SharedSchemaStore
  readonly defaults: DefaultCompilers
  controller: SchemaController | null
  customValidatorCompiler: ValidatorCompiler | null
  customSerializerCompiler: SerializerCompiler | null
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

  get validatorCompiler(): ValidatorCompiler {
    if (this.customValidatorCompiler !== null) return this.customValidatorCompiler
    const build = this.controller?.compilersFactory?.buildValidator
    if (build) return builtBy(build, this.store, (shared) => build(shared, this.defaults.validatorOptions))
    return this.defaults.validatorFor(this.store, this.validatorOptions)
  }

  get validatesWithDefault(): boolean {
    return this.customValidatorCompiler === null && this.controller?.compilersFactory?.buildValidator === undefined
  }

  get serializesWithDefault(): boolean {
    return this.customSerializerCompiler === null && this.controller?.compilersFactory?.buildSerializer === undefined
  }

  get serializerCompiler(): SerializerCompiler {
    if (this.customSerializerCompiler !== null) return this.customSerializerCompiler
    const build = this.controller?.compilersFactory?.buildSerializer
    if (build) return builtBy(build, this.store, (shared) => build(shared, this.defaults.serializerOptions))
    return this.defaults.serializerFor(this.store)
  }

  /** The compiler set here, else the one built for this context's routes; never builds one (no schema, no Ajv). */
  builtCompiler(kind: 'validatorCompiler' | 'serializerCompiler'): ValidatorCompiler | SerializerCompiler | undefined {
    const validator = kind === 'validatorCompiler'
    const custom = validator ? this.customValidatorCompiler : this.customSerializerCompiler
    if (custom !== null) return custom
    const build = validator ? this.controller?.compilersFactory?.buildValidator : this.controller?.compilersFactory?.buildSerializer
    if (build) return builtByFactory.get(build)?.get(this.store.owner) as ValidatorCompiler | SerializerCompiler | undefined
    return validator ? this.defaults.builtValidatorFor(this.store, this.validatorOptions) : this.defaults.builtSerializerFor(this.store)
  }

  setController(own: SchemaController): void {
    this.controller = mergeSchemaController(this.controller, own)
    if (own.bucket) this.store = new BucketStore(own.bucket(this.store.list()))
  }
}
