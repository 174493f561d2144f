/**
 * @module schema/fjs-compiler
 * The default serializer compiler: fast-json-stringify.
 */
import fastJson from 'fast-json-stringify'
import { entryKey, serializerContextKey } from './cache-key.js'
import type { CompileCache } from './compile-cache.js'
import type { SharedSchema } from './store.js'
import type { SerializerCompiler, SerializerFunction as SerializeFunction, SerializerOptions } from '../types/index.js'

/**
 * The default serializer compiler for one set of shared schemas: fast-json-stringify, which
 * writes only the properties the schema names, with the application's `serializerOpts`. Each schema object compiles once. With a
 * compile cache, a serializer is loaded from its entry when one is valid; otherwise it is
 * built as without the cache, and its standalone code is generated after start-up, for the
 * entry only.
 */
export function buildFjsCompiler(shared: Record<string, SharedSchema>, cache: CompileCache | null = null, options: SerializerOptions = {}): SerializerCompiler {
  const compiled = new WeakMap<object, SerializeFunction>()
  const compile = cache === null ? inMemory(shared, options) : cached(shared, cache, options)
  return ({ schema }) => {
    let serialize = compiled.get(schema)
    if (serialize === undefined) {
      serialize = compile(schema)
      compiled.set(schema, serialize)
    }
    return serialize
  }
}

type FjsSchema = Parameters<typeof fastJson>[0]

function inMemory(shared: Record<string, SharedSchema>, options: SerializerOptions): (schema: object) => SerializeFunction {
  return (schema) => fastJson(schema as FjsSchema, { ...options, schema: shared as Record<string, any> }) as SerializeFunction
}

/**
 * A miss costs what a start without the cache costs: building the serializer in standalone mode
 * and running that code would compile it twice (fast-json-stringify compiles what it generates,
 * then the module is compiled again), about 0.2 ms more per schema. The entry's code is
 * generated after start-up instead, from the schema's JSON text the key was made of, so the
 * entry holds exactly what its key names even if the schema object changes afterwards.
 */
function cached(shared: Record<string, SharedSchema>, cache: CompileCache, options: SerializerOptions): (schema: object) => SerializeFunction {
  const contextKey = serializerContextKey(shared, options)
  const byKey = new Map<string, SerializeFunction>()
  const build = inMemory(shared, options)
  return (schema) => {
    const text = JSON.stringify(schema)
    const key = entryKey(contextKey, text)
    let serialize = byKey.get(key) ?? (cache.load(key) as SerializeFunction | undefined)
    if (typeof serialize !== 'function') {
      serialize = build(schema)
      cache.store(key, () => standaloneCode(JSON.parse(text) as object, shared, options))
    }
    byKey.set(key, serialize)
    return serialize
  }
}

function standaloneCode(schema: object, shared: Record<string, SharedSchema>, options: SerializerOptions): string {
  return fastJson(schema as FjsSchema, { ...options, schema: shared as Record<string, any>, mode: 'standalone' }) as unknown as string
}
