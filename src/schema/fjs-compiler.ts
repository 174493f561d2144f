/**
 * @module schema/fjs-compiler
 * The default serializer compiler: fast-json-stringify.
 */
import fastJson from 'fast-json-stringify'
import { entryKey, serializerContextKey } from './cache-key.js'
import type { CompileCache } from './compile-cache.js'
import type { SharedSchema } from './store.js'
import type { SerializerCompiler, SerializerFunction as SerializeFunction } from '../types/index.js'

/**
 * The default serializer compiler for one set of shared schemas: fast-json-stringify, which
 * writes only the properties the schema names. Each schema object compiles once. With a
 * compile cache, a serializer is loaded from its entry when one is valid, and otherwise built
 * in fast-json-stringify's standalone mode, written, and run from that same code.
 */
export function buildFjsCompiler(shared: Record<string, SharedSchema>, cache: CompileCache | null = null): SerializerCompiler {
  const compiled = new WeakMap<object, SerializeFunction>()
  const compile = cache === null ? inMemory(shared) : cached(shared, cache)
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

function inMemory(shared: Record<string, SharedSchema>): (schema: object) => SerializeFunction {
  return (schema) => fastJson(schema as FjsSchema, { schema: shared as Record<string, any> }) as SerializeFunction
}

function cached(shared: Record<string, SharedSchema>, cache: CompileCache): (schema: object) => SerializeFunction {
  const contextKey = serializerContextKey(shared)
  const byKey = new Map<string, SerializeFunction>()
  return (schema) => {
    const key = entryKey(contextKey, schema)
    let serialize = byKey.get(key) ?? (cache.load(key) as SerializeFunction | undefined)
    if (typeof serialize !== 'function') {
      const code = fastJson(schema as FjsSchema, { schema: shared as Record<string, any>, mode: 'standalone' }) as unknown as string
      serialize = cache.runAndStore(key, code) as SerializeFunction
    }
    byKey.set(key, serialize)
    return serialize
  }
}
