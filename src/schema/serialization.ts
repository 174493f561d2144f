import { codes } from '../errors.js'
import { essenceOf } from '../content-type/media-type.js'
import { hasContentMap, toFullSchema } from './normalize.js'
import type { SchemaCompilers } from './compilers.js'
import type { SerializeFunction, SerializerCompiler } from './types.js'
import type { RouteContext } from '../route-context.js'

type ResponseSerializer = SerializeFunction | Map<string, SerializeFunction>

const statusKey = /^(?:[1-5]\d\d|[1-5]xx|default)$/

/**
 * A route's compiled response serializers, chosen by status (exact code, then
 * its class, then `default`) and, for a `content` map, by the reply's media type (`*\/*` last).
 */
export class RouteSerializers {
  readonly #byKey: Map<string, ResponseSerializer>
  readonly #byStatus: Array<ResponseSerializer | null | undefined> = []

  constructor(byKey: Map<string, ResponseSerializer>) {
    this.#byKey = byKey
  }

  forStatus(statusCode: number, contentType: string | undefined): SerializeFunction | null {
    let entry = this.#byStatus[statusCode]
    if (entry === undefined) {
      entry = this.#byKey.get(String(statusCode)) ?? this.#byKey.get(`${String(statusCode)[0]}xx`) ?? this.#byKey.get('default') ?? null
      this.#byStatus[statusCode] = entry
    }
    if (entry === null || typeof entry === 'function') return entry
    return entry.get(essenceOf(contentType)) ?? entry.get('*/*') ?? null
  }
}

function compileResponse(compile: SerializerCompiler, route: RouteContext, httpStatus: string, schema: unknown, contentType?: string): SerializeFunction {
  const { method, url } = route.routeOptions
  let serialize: unknown
  try {
    serialize = compile({ schema, method, url, httpStatus, contentType })
  } catch (error) {
    const built = new codes.SVC_ERR_SCH_SERIALIZATION_BUILD(method, url, (error as Error).message)
    built.cause = error
    throw built
  }
  if (typeof serialize !== 'function') {
    throw new codes.SVC_ERR_SCH_SERIALIZATION_BUILD(method, url, `the serializer compiler returned ${typeof serialize}, not a function`)
  }
  return serialize as SerializeFunction
}

/**
 * The error of a response schema's serializer that failed on a payload (a required property
 * missing, a value of the wrong type): a 500 that names the route and the status.
 */
export function serializationFailed(route: RouteContext, statusCode: number, thrown: unknown): Error {
  const { method, url } = route.routeOptions
  const message = thrown instanceof Error ? thrown.message : String(thrown)
  const error = new codes.SVC_ERR_RESPONSE_SERIALIZATION(method, url, statusCode, message)
  error.cause = thrown
  return error
}

/** Compiles the serializers of a route's `response` schema map; null without one. */
export function buildRouteSerializers(route: RouteContext, schema: Record<string, any>, compilers: SchemaCompilers): RouteSerializers | null {
  const response = schema.response
  if (response === undefined || response === null) return null
  const compile = (route.routeOptions.serializerCompiler as SerializerCompiler | undefined) ?? compilers.serializerCompiler
  const byKey = new Map<string, ResponseSerializer>()
  for (const rawKey of Object.keys(response)) {
    const key = rawKey.toLowerCase()
    if (!statusKey.test(key)) throw new codes.SVC_ERR_SCH_RESPONSE_SCHEMA_NOT_NESTED_2XX()
    const entry = response[rawKey]
    if (hasContentMap(entry)) {
      const byMediaType = new Map<string, SerializeFunction>()
      for (const [mediaType, media] of Object.entries(entry.content)) {
        if (media.schema === undefined) throw new codes.SVC_ERR_SCH_CONTENT_MISSING_SCHEMA(mediaType)
        const essence = mediaType === '*/*' ? mediaType : essenceOf(mediaType)
        byMediaType.set(essence, compileResponse(compile, route, key, toFullSchema(media.schema), mediaType))
      }
      byKey.set(key, byMediaType)
    } else {
      byKey.set(key, compileResponse(compile, route, key, toFullSchema(entry)))
    }
  }
  return new RouteSerializers(byKey)
}
