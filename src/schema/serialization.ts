/**
 * @module schema/serialization
 * A route's response serializers, chosen per reply by status (code, class, `default`) and media
 * type (`*\/*` last); takes plain inputs, never a route context.
 */
import { codes } from '../core/errors.js'
import { essenceOf } from '../core/media-type.js'
import { hasContentMap, toFullSchema } from './normalize.js'
import { compileStandardResponse } from './standard-compile.js'
import { isStandardSchema } from './standard-schema.js'
import type { SerializerCompiler, SerializerFunction } from '../types/index.js'

type ResponseSerializer = SerializerFunction | Map<string, SerializerFunction>

export interface RouteSerializersInput {
  response: Record<string, any>
  method: string
  url: string
  compile: SerializerCompiler
  /** Whether `compile` is warren's default, which compiles a Standard Schema from its JSON Schema. */
  standardSchemas: boolean
}

const statusKey = /^(?:[1-5]\d\d|[1-5]xx|default)$/

export class RouteSerializers {
  readonly #byKey: Map<string, ResponseSerializer>
  readonly #byStatus: Array<ResponseSerializer | null | undefined> = []

  constructor(byKey: Map<string, ResponseSerializer>) {
    this.#byKey = byKey
  }

  forStatus(statusCode: number, contentType: string | undefined): SerializerFunction | null {
    let entry = this.#byStatus[statusCode]
    if (entry === undefined) {
      entry = this.#byKey.get(String(statusCode)) ?? this.#byKey.get(`${String(statusCode)[0]}xx`) ?? this.#byKey.get('default') ?? null
      this.#byStatus[statusCode] = entry
    }
    if (entry === null || typeof entry === 'function') return entry
    return entry.get(essenceOf(contentType)) ?? entry.get('*/*') ?? null
  }

  /** The serializer declared under exactly this key and media type, with no fallback (`reply.getSerializationFunction`). */
  forKey(key: string, mediaType: string | undefined): SerializerFunction | undefined {
    const entry = this.#byKey.get(key)
    if (entry === undefined || typeof entry === 'function') return mediaType === undefined ? entry : undefined
    return mediaType === undefined ? undefined : entry.get(mediaType)
  }
}

function compileSchema(input: RouteSerializersInput, httpStatus: string, schema: unknown, contentType?: string): SerializerFunction {
  if (!input.standardSchemas || !isStandardSchema(schema)) return compileResponse(input, httpStatus, toFullSchema(schema), contentType)
  const site = { part: `${httpStatus} response${contentType === undefined ? '' : ` (${contentType})`}`, method: input.method, url: input.url }
  return compileStandardResponse(schema, site, (json) => compileResponse(input, httpStatus, json, contentType))
}

function compileResponse(input: RouteSerializersInput, httpStatus: string, schema: unknown, contentType?: string): SerializerFunction {
  const { method, url } = input
  let serialize: unknown
  try {
    serialize = input.compile({ schema, method, url, httpStatus, contentType })
  } catch (error) {
    const built = new codes.SVC_ERR_SCH_SERIALIZATION_BUILD(method, url, (error as Error).message)
    built.cause = error
    throw built
  }
  if (typeof serialize !== 'function') {
    throw new codes.SVC_ERR_SCH_SERIALIZATION_BUILD(method, url, `the serializer compiler returned ${typeof serialize}, not a function`)
  }
  return serialize as SerializerFunction
}

/** A 500 naming the route and status; `serialization` holds the route's `config`, which error handlers test for. */
export function serializationFailed(route: { method: string | string[]; url: string; config: unknown }, statusCode: number, thrown: unknown): Error {
  const message = thrown instanceof Error ? thrown.message : String(thrown)
  const error = new codes.SVC_ERR_RESPONSE_SERIALIZATION(route.method, route.url, statusCode, message)
  error.cause = thrown
  return Object.assign(error, { serialization: route.config })
}

function compileContentMap(input: RouteSerializersInput, key: string, content: Record<string, { schema?: unknown }>): Map<string, SerializerFunction> {
  const byMediaType = new Map<string, SerializerFunction>()
  for (const [mediaType, media] of Object.entries(content)) {
    if (media?.schema === undefined) throw new codes.SVC_ERR_SCH_CONTENT_MISSING_SCHEMA(mediaType)
    const essence = mediaType === '*/*' ? mediaType : essenceOf(mediaType)
    byMediaType.set(essence, compileSchema(input, key, media.schema, mediaType))
  }
  return byMediaType
}

export function buildRouteSerializers(input: RouteSerializersInput): RouteSerializers {
  const byKey = new Map<string, ResponseSerializer>()
  for (const rawKey of Object.keys(input.response)) {
    const key = rawKey.toLowerCase()
    if (!statusKey.test(key)) {
      // a build error naming the route, whose cause says what is wrong with the map
      const built = new codes.SVC_ERR_SCH_SERIALIZATION_BUILD(input.method, input.url, 'response schemas should be nested under a valid status code, e.g { 2xx: { type: "object" } }')
      built.cause = new codes.SVC_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX()
      throw built
    }
    const entry = input.response[rawKey]
    byKey.set(key, hasContentMap(entry) ? compileContentMap(input, key, entry.content) : compileSchema(input, key, entry))
  }
  return new RouteSerializers(byKey)
}
