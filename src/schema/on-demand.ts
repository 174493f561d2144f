/**
 * @module schema/on-demand
 * Validators and serializers a handler asks for itself (`request.getValidationFunction`, …): the
 * route's own, or compiled with the route's compilers once per schema object.
 */
import { codes } from '../core/errors.js'
import { essenceOf } from '../core/media-type.js'
import type { SerializerCompiler, SerializerFunction, ValidationFunction, ValidatorCompiler } from '../types/index.js'
import type { RouteSerializers } from './serialization.js'
import { libraryCompilerOf } from './ajv-compiler.js'
import { compileStandardPart, compileStandardResponse } from './standard-compile.js'
import { isStandardSchema } from './standard-schema.js'
import type { RouteValidation } from './validation.js'

export interface OnDemandRoute {
  validation(): RouteValidation | null
  serializers(): RouteSerializers | null
  validatorCompiler(): ValidatorCompiler
  serializerCompiler(): SerializerCompiler
  /** Whether the route's compilers are warren's own, which compile a Standard Schema through its JSON Schema. */
  compilesStandardSchemas(): { validation: boolean; serialization: boolean }
}

/** The request's method and URL, for the compilers. */
export interface OnDemandSite {
  method: string
  url: string
}

const validatedParts = { body: 'body', headers: 'headers', params: 'params', querystring: 'querystring', query: 'querystring' } as const

function isSchemaObject(schema: unknown): schema is object {
  return (typeof schema === 'object' && schema !== null && !Array.isArray(schema)) || isStandardSchema(schema)
}

export class OnDemandSchemas {
  readonly #route: OnDemandRoute
  readonly #validators = new WeakMap<object, ValidationFunction>()
  readonly #serializers = new WeakMap<object, SerializerFunction>()

  constructor(route: OnDemandRoute) {
    this.#route = route
  }

  validatorOfPart(part: string): ValidationFunction | undefined {
    const name = Object.hasOwn(validatedParts, part) ? validatedParts[part as keyof typeof validatedParts] : undefined
    if (name === undefined) return undefined
    return this.#route.validation()?.[name] ?? undefined
  }

  cachedValidator(schema: object): ValidationFunction | undefined {
    return this.#validators.get(schema)
  }

  compileValidator(schema: object, httpPart: string | null, site: OnDemandSite): ValidationFunction {
    let validate = this.#validators.get(schema)
    if (validate === undefined) {
      const compiler = this.#route.validatorCompiler()
      const compile = (json: object, by: ValidatorCompiler): ValidationFunction => by({ schema: json, method: site.method, url: site.url, httpPart: httpPart as never })
      const standard = this.#route.compilesStandardSchemas().validation && isStandardSchema(schema)
      validate = standard
        ? compileStandardPart(schema, { part: httpPart ?? 'on-demand', ...site }, (json, reading) => compile(json, libraryCompilerOf(compiler, reading)))
        : compile(schema, compiler)
      this.#validators.set(schema, validate)
    }
    return validate
  }

  /** The route's validator of the part when it has one, else the schema's. */
  validate(input: unknown, schema: unknown, httpPart: string | undefined, site: OnDemandSite): ReturnType<ValidationFunction> {
    const part = typeof schema === 'string' ? schema : httpPart
    let validate = part === undefined ? undefined : this.validatorOfPart(part)
    if (validate === undefined) {
      if (!isSchemaObject(schema)) throw new codes.SVC_ERR_REQ_INVALID_VALIDATION_INVOCATION(String(part))
      validate = this.compileValidator(schema, part ?? null, site)
    }
    return validate(input)
  }

  /** The route's serializer of a status key, and of a media type of its `content` map. */
  serializerOfStatus(status: string | number, contentType?: string): SerializerFunction | undefined {
    return this.#route.serializers()?.forKey(String(status).toLowerCase(), contentType === undefined ? undefined : essenceOf(contentType)) ?? undefined
  }

  cachedSerializer(schema: object): SerializerFunction | undefined {
    return this.#serializers.get(schema)
  }

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

  /** Given a status, the route's serializer for it must exist; given only a schema, that schema's. */
  serialize(input: unknown, schema: unknown, httpStatus: string | number | undefined, contentType: string | undefined, site: OnDemandSite): string {
    const statusGiven = typeof schema === 'string' || typeof schema === 'number'
    const status = statusGiven ? schema : httpStatus
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
