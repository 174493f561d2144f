/**
 * @module schema/ajv-compiler
 * The default validator compiler: Ajv 8 with ajv-formats and the validator baseline.
 */
import { Ajv, type Options as AjvOptions, type Plugin as AjvPlugin } from 'ajv'
import standaloneModule from 'ajv/dist/standalone/index.js'
import type { AjvPluginLike, ValidatorOptions } from '../types/options.js'
import formatsModule from 'ajv-formats'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { codes } from '../core/errors.js'
import { kAjvValidator } from '../core/symbols.js'
import fastUri from 'fast-uri'
import { ajvCopyFor, type AjvCopy } from './ajv-copy.js'
import { entryKey, validatorContextKey } from './cache-key.js'
import type { SchemaCodeStore } from './code-store.js'
import type { SharedSchema } from './store.js'
import type { ValidationFunction as ValidateFunction, ValidatorCompiler } from '../types/index.js'

const addFormats = formatsModule.default
const standaloneCode = standaloneModule.default

/**
 * The default validator's baseline. `allErrors` stays false: true opens a denial of service.
 * `allowUnionTypes`: a type list (`type: ['number', 'string']`, how Zod writes a union) is JSON
 * Schema, not a mistake to warn about at every start.
 */
const validatorBaseline: AjvOptions = {
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  uriResolver: fastUri,
  addUsedSchema: false,
  allErrors: false,
  allowUnionTypes: true,
}

export type { ValidatorOptions }

function pluginFunction(plugin: AjvPluginLike): AjvPlugin<any> {
  return typeof plugin === 'function' ? plugin : plugin.default
}

function pluginFunctions(plugins: ValidatorOptions['plugins']): AjvPlugin<any>[] {
  return (plugins ?? []).map((entry) => pluginFunction(Array.isArray(entry) ? entry[0] : entry))
}

/** Applies one validator plugin; one that refuses the configuration fails start-up naming it. */
function applyPlugin(ajv: Ajv, entry: NonNullable<ValidatorOptions['plugins']>[number]): void {
  const [plugin, pluginOptions] = Array.isArray(entry) ? entry : [entry, undefined]
  const fn = pluginFunction(plugin)
  try {
    if (Array.isArray(entry)) fn(ajv, pluginOptions)
    else fn(ajv)
  } catch (error) {
    const name = fn.name || 'anonymous plugin'
    throw Object.assign(new codes.SVC_ERR_INIT_OPTS_INVALID('validator.plugins', `the validator plugin '${name}' refused the configuration: ${(error as Error).message}`), { cause: error })
  }
}

/** Whether the user's plugins include ajv-formats (by identity or function name): a second copy would redefine its keywords. */
function listsFormatsPlugin(plugins: ValidatorOptions['plugins']): boolean {
  return pluginFunctions(plugins).some((fn) => fn === addFormats || (typeof fn === 'function' && fn.name === addFormats.name))
}

function copyFor(options: ValidatorOptions): AjvCopy {
  return ajvCopyFor(pluginFunctions(options.plugins))
}

/** `withSource` keeps Ajv's `code.source`, which standalone output needs. */
function buildAjv(options: ValidatorOptions, withSource: boolean, copy: AjvCopy = copyFor(options)): Ajv {
  // Ajv 8 always reports JSON pointers; the option of older versions is accepted and dropped.
  const { jsonPointers: _dropped, unicode, ...customOptions } = options.customOptions ?? {}
  const ajvOptions: AjvOptions = { ...validatorBaseline, ...customOptions }
  if (withSource) ajvOptions.code = { ...customOptions.code, source: true }
  const ajv = new copy.Ajv(ajvOptions)
  // Ajv 8 reads `unicode` but warns that it is deprecated when given to its constructor
  if (unicode !== undefined) ajv.opts.unicode = unicode
  if (!listsFormatsPlugin(options.plugins)) copy.addFormats(ajv)
  for (const entry of options.plugins ?? []) applyPlugin(ajv, entry)
  // OpenAPI's `example` annotation is common in route schemas; Ajv's strict mode would reject it.
  if (!ajv.getKeyword('example')) ajv.addKeyword('example')
  return ajv
}

let booleanSchemaAjv: Ajv | undefined
function inMemoryAjv(): Ajv {
  return (booleanSchemaAjv ??= new Ajv())
}

/** An `$async: true` schema compiles to a validator that returns a promise: validation awaits it. */
function compileOne(ajv: Ajv, schema: object | boolean): ValidateFunction {
  return ajv.compile(schema) as ValidateFunction
}

/** Standalone code loads formats from ajv-formats' table, so an Ajv with a user's format function is never cached. */
function formatsAreStandalone(ajv: Ajv): boolean {
  const table = fullFormats as Record<string, unknown>
  // `true` (a format accepted without checking) generates no code at all
  return Object.entries(ajv.formats).every(([name, format]) => format === true || format instanceof RegExp || format === table[name])
}

/** How a Standard Schema library's JSON Schema is read: coerced only in the request parts that arrive as strings, its strings measured as the library measures them. */
export interface LibraryReading {
  coerce: boolean
  utf16Lengths: boolean
}

const kLibraryCompiler = Symbol('warren.libraryCompiler')

type DefaultValidatorCompiler = ValidatorCompiler & { [kLibraryCompiler]?: (reading: LibraryReading) => ValidatorCompiler }

/** The validator options a library's JSON Schema is compiled with: a JSON body arrives typed, and the library would refuse `null` for a string. */
function libraryOptions(options: ValidatorOptions, reading: LibraryReading): ValidatorOptions {
  // strict mode warns of how a schema is written (a tuple without maxItems): the library wrote it, and its user cannot change it
  const customOptions: AjvOptions = { ...options.customOptions, strictTuples: false, strictTypes: false }
  if (!reading.coerce) customOptions.coerceTypes = false
  // Ajv counts code points (an emoji is 1); Valibot and ArkType read `string.length` (an emoji is 2)
  if (reading.utf16Lengths) customOptions.unicode = false
  // a pattern Ajv checks for a library is one of its regular expressions without flags, which it runs without `u`
  customOptions.unicodeRegExp = false
  // a union of tagged objects is compiled with `discriminator` (schema/standard-discriminator.ts)
  customOptions.discriminator = true
  return { ...options, customOptions }
}

/** The compiler of a library's JSON Schema beside the default compiler `compile`, in its own Ajv (built on first use); any other compiler is its own. */
export function libraryCompilerOf(compile: ValidatorCompiler, reading: LibraryReading): ValidatorCompiler {
  return (compile as DefaultValidatorCompiler)[kLibraryCompiler]?.(reading) ?? compile
}

/** The default validator compiler for one set of shared schemas; with a store, validators are loaded from it or compiled into it. */
export function buildAjvCompiler(shared: Record<string, SharedSchema>, options: ValidatorOptions, cache: SchemaCodeStore | null = null): ValidatorCompiler {
  const compiler: DefaultValidatorCompiler = ajvCompiler(shared, options, cache)
  const forLibraries = new Map<string, ValidatorCompiler>()
  compiler[kLibraryCompiler] = (reading) => {
    const key = JSON.stringify(reading)
    let library = forLibraries.get(key)
    if (library === undefined) {
      library = ajvCompiler(shared, libraryOptions(options, reading), cache)
      forLibraries.set(key, library)
    }
    return library
  }
  return compiler
}

function ajvCompiler(shared: Record<string, SharedSchema>, options: ValidatorOptions, cache: SchemaCodeStore | null): ValidatorCompiler {
  const compiled = new WeakMap<object, ValidateFunction>()
  const compile = cache === null ? inMemory(shared, options) : cached(shared, options, cache)
  return ({ schema, httpPart, method, url }) => {
    // a boolean schema is compiled each time (cheap), and taken from the store only where nothing may be compiled
    if (typeof schema === 'boolean') return markedAjv(cache?.portable === true ? compile(schema, schemaName(httpPart, method, url)) : compileOne(inMemoryAjv(), schema))
    let validate = compiled.get(schema)
    if (validate === undefined) {
      validate = markedAjv(compile(schema, schemaName(httpPart, method, url)))
      compiled.set(schema, validate)
    }
    return validate
  }
}

function schemaName(httpPart: string | undefined, method: string | string[] | undefined, url: string | undefined): string {
  return `the ${httpPart ?? 'on-demand'} schema of ${String(method)} ${url}`
}

/** Marks a validator as Ajv's, so validation hands it the data context to write a coerced root into. */
function markedAjv(validate: ValidateFunction): ValidateFunction {
  ;(validate as { [kAjvValidator]?: true })[kAjvValidator] = true
  return validate
}

function withShared(ajv: Ajv, shared: Record<string, SharedSchema>): Ajv {
  for (const schema of Object.values(shared)) ajv.addSchema(schema)
  return ajv
}

type CompileOne = (schema: object | boolean, where: string) => ValidateFunction

function inMemory(shared: Record<string, SharedSchema>, options: ValidatorOptions): CompileOne {
  const ajv = withShared(buildAjv(options, false), shared)
  return (schema) => compileOne(ajv, schema)
}

/** A miss compiles as without the cache, keeping Ajv's source only when the entry can be written. */
function cached(shared: Record<string, SharedSchema>, options: ValidatorOptions, cache: SchemaCodeStore): CompileOne {
  const contextKey = validatorContextKey(shared, options, cache.portable)
  const byKey = new Map<string, ValidateFunction>()
  let ajv: Ajv | undefined
  let standalone = false
  return (schema, where) => {
    const key = entryKey(contextKey, JSON.stringify(schema))
    let validate = byKey.get(key) ?? (cache.load(key, where) as ValidateFunction | undefined)
    if (typeof validate !== 'function') {
      if (ajv === undefined) {
        const copy = copyFor(options)
        // warren's standalone writer assembles code with its own copy's classes only
        const withSource = cache.canWrite() && copy.own
        ajv = withShared(buildAjv(options, withSource, copy), shared)
        standalone = withSource && formatsAreStandalone(ajv)
      }
      validate = compileOne(ajv, schema)
      if (standalone) cache.store(key, standaloneOf(ajv, flattenSource(validate)))
    }
    byKey.set(key, validate)
    return validate
  }
}

/** Flattens Ajv's kept source now, while young: as a rope it costs the cold start's GC (docs/architecture.md). */
function flattenSource(validate: ValidateFunction): ValidateFunction {
  const source = (validate as { source?: { validateCode?: unknown } }).source
  if (typeof source?.validateCode === 'string') source.validateCode.charCodeAt(0)
  return validate
}

/** The deferred standalone code of a validator; null when a keyword has none (the source is dropped then). */
function standaloneOf(ajv: Ajv, validate: ValidateFunction): () => string | null {
  return () => {
    try {
      return standaloneCode(ajv, validate as Parameters<typeof standaloneCode>[1])
    } catch {
      return null
    } finally {
      delete (validate as { source?: unknown }).source
    }
  }
}
