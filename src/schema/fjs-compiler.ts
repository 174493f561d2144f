/**
 * @module schema/fjs-compiler
 * The default serializer compiler: fast-json-stringify.
 */
import fastJson from 'fast-json-stringify'
import type { SharedSchema } from './store.js'
import type { SerializerCompiler, SerializerFunction as SerializeFunction } from '../types/index.js'

/**
 * The default serializer compiler for one set of shared schemas: fast-json-stringify, which
 * writes only the properties the schema names. Each schema object compiles once.
 */
export function buildFjsCompiler(shared: Record<string, SharedSchema>): SerializerCompiler {
  const compiled = new WeakMap<object, SerializeFunction>()
  return ({ schema }) => {
    let serialize = compiled.get(schema)
    if (serialize === undefined) {
      serialize = fastJson(schema as Parameters<typeof fastJson>[0], { schema: shared as Record<string, any> }) as SerializeFunction
      compiled.set(schema, serialize)
    }
    return serialize
  }
}
