/**
 * @module schema/on-demand
 * Validators and serializers a handler asks for itself (`request.getValidationFunction`,
 * `request.compileValidationSchema`, `request.validateInput`, and the reply's serialization
 * counterparts): the route's own, found by HTTP part or status key, and others compiled on first
 * use with the route's compilers, then kept per schema object so a schema compiles once per route.
 */
import { codes } from '../core/errors.js'
import { essenceOf } from '../core/media-type.js'
import type { SerializerCompiler, SerializerFunction, ValidationFunction, ValidatorCompiler } from '../types/index.js'
import type { RouteSerializers } from './serialization.js'
import { compileStandardPart, compileStandardResponse } from './standard-compile.js'
import { isStandardSchema } from './standard-schema.js'
import type { RouteValidation } from './validation.js'

/** What a route gives its on-demand schemas: its compiled parts and the compilers in force for it. */
export interface OnDemandRoute {
  validation(): RouteValidation | null
  serializers(): RouteSerializers | null
  validatorCompiler(): ValidatorCompiler
  serializerCompiler(): SerializerCompiler
  /** Whether the route's compilers are warren's own, which compile a Standard Schema through its JSON Schema (see `schema/standard-compile`). */
  compilesStandardSchemas(): { validation: boolean; serialization: boolean }
}

/** Where a schema compiled on demand is used: the request's method and URL, as Fastify passes them. */
export interface OnDemandSite {
  method: string
  url: string
}

/** The HTTP parts a route validates, by the names Fastify accepts for them (`query` is `querystring`). */
const validatedParts = { body: 'body', headers: 'headers', params: 'params', querystring: 'querystring', query: 'querystring' } as const

function isSchemaObject(schema: unknown): schema is object {
  return (typeof schema === 'object' && schema !== null && !Array.isArray(schema)) || isStandardSchema(schema)
}

/** One route's on-demand validators and serializers (created on first use). */
export class OnDemandSchemas {
  readonly #route: OnDemandRoute
  readonly #validators = new WeakMap<object, ValidationFunction>()
  readonly #serializers = new WeakMap<object, SerializerFunction>()

  constructor(route: OnDemandRoute) {
    this.#route = route
  }

  /** The route's validator of an HTTP part (`body`, `headers`, `params`, `querystring` or `query`), if it has one. */
  validatorOfPart(part: string): ValidationFunction | undefined {
    const name = Object.hasOwn(validatedParts, part) ? validatedParts[part as keyof typeof validatedParts] : undefined
    if (name === undefined) return undefined
    return this.#route.validation()?.[name] ?? undefined
  }

  /** The validator compiled earlier for this schema object, if any. */
  cachedValidator(schema: object): ValidationFunction | undefined {
    return this.#validators.get(schema)
  }

  /** Compiles `schema` with the route's validator compiler, once per schema object. */
  compileValidator(schema: object, httpPart: string | null, site: OnDemandSite): ValidationFunction {
    let validate = this.#validators.get(schema)
    if (validate === undefined) {
      const compile = (json: object): ValidationFunction => this.#route.validatorCompiler()({ schema: json, method: site.method, url: site.url, httpPart: httpPart as never })
      const standard = this.#route.compilesStandardSchemas().validation && isStandardSchema(schema)
      validate = standard ? compileStandardPart(schema, { part: httpPart ?? 'on-demand', ...site }, compile) : compile(schema)
      this.#validators.set(schema, validate)
    }
    return validate
  }

  /**
   * `validateInput(input, schema | httpPart, httpPart?)`: the route's validator of the part when it
   * has one, else the schema's (compiled once); neither is `SVC_ERR_REQ_INVALID_VALIDATION_INVOCATION`.
   */
  validate(input: unknown, schema: unknown, httpPart: string | undefined, site: OnDemandSite): unknown {
    const part = typeof schema === 'string' ? schema : httpPart
    let validate = part === undefined ? undefined : this.validatorOfPart(part)
    if (validate === undefined) {
      if (!isSchemaObject(schema)) throw new codes.SVC_ERR_REQ_INVALID_VALIDATION_INVOCATION(String(part))
      validate = this.compileValidator(schema, part ?? null, site)
    }
    return validate(input)
  }

  /** The route's serializer of a response status key (`200`, `'2xx'`, `'default'`), and of a media type of its `content` map. */
  serializerOfStatus(status: string | number, contentType?: string): SerializerFunction | undefined {
    return this.#route.serializers()?.forKey(String(status).toLowerCase(), contentType === undefined ? undefined : essenceOf(contentType)) ?? undefined
  }

  /** The serializer compiled earlier for this schema object, if any. */
  cachedSerializer(schema: object): SerializerFunction | undefined {
    return this.#serializers.get(schema)
  }

  /** Compiles `schema` with the route's serializer compiler, once per schema object. */
  compileSerializer(schema: object, httpStatus: string | number | null, contentType: string | null, site: OnDemandSite): SerializerFunction {
    let serialize = this.#serializers.get(schema)
    if (serialize === undefined) {
      const status = httpStatus === null ? null : String(httpStatus)
      const compile = (json: object): SerializerFunction =>
        this.#route.serializerCompiler()({ schema: json, method: site.method, url: site.url, httpStatus: status, contentType: contentType ?? undefined })
      const standard = this.#route.compilesStandardSchemas().serialization && isStandardSchema(schema)
      serialize = standard ? compileStandardResponse(schema, { part: `${status ?? 'on-demand'} response`, ...site }, compile) : compile(schema)
      this.#serializers.set(schema, serialize)
    }
    return serialize
  }

  /**
   * `serializeInput(input, schema | status, status?, contentType?)`, with Fastify's reading of the
   * arguments: given a status, the route's serializer for it (and the media type, when one is
   * given) must exist, else `SVC_ERR_MISSING_SERIALIZATION_FN` / `…_CONTENTTYPE_…`; given only a
   * schema, that schema's serializer (compiled once).
   */
  serialize(input: unknown, schema: unknown, httpStatus: string | number | undefined, contentType: string | undefined, site: OnDemandSite): string {
    const statusGiven = typeof schema === 'string' || typeof schema === 'number'
    const status = statusGiven ? schema : httpStatus
    // serializeInput(input, status, contentType): the third argument is the media type
    const mediaType = statusGiven && httpStatus !== undefined && httpStatus !== status ? String(httpStatus) : contentType
    if (status !== undefined && status !== null) {
      const serialize = this.serializerOfStatus(status, mediaType)
      if (serialize !== undefined) return serialize(input)
      if (mediaType !== undefined) throw new codes.SVC_ERR_MISSING_CONTENTTYPE_SERIALIZATION_FN(status, mediaType)
      throw new codes.SVC_ERR_MISSING_SERIALIZATION_FN(status)
    }
    if (!isSchemaObject(schema)) throw new codes.SVC_ERR_MISSING_SERIALIZATION_FN(String(status))
    return this.compileSerializer(schema, null, mediaType ?? null, site)(input)
  }
}
