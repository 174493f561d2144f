import { codes, toError } from '../errors.js'
import { isThenable } from '../is-thenable.js'
import { essenceOf } from '../content-type/media-type.js'
import { hasContentMap, lowerCaseHeaderSchema, toFullSchema } from './normalize.js'
import type { SchemaCompilers } from './compilers.js'
import type { ValidateFunction, ValidationResult, ValidatorCompiler } from './types.js'
import type { Request } from '../request.js'
import type { RouteContext } from '../route-context.js'

/** The part of a request a validator checks; also the `validationContext` of its errors. */
export type HttpPart = 'params' | 'body' | 'querystring' | 'headers'

/** A route's compiled validators, in the order they run. */
export interface RouteValidation {
  params: ValidateFunction | null
  body: ValidateFunction | null
  /** With a body `content` map: the validator per essence media type. */
  bodyByMediaType: Map<string, ValidateFunction> | null
  querystring: ValidateFunction | null
  headers: ValidateFunction | null
}

/** An error of the validation path (statusCode 400, code, validation, validationContext). */
export type ValidationError = Error & {
  statusCode: number
  code: string
  validation: unknown
  validationContext: string
}

function compilePart(compile: ValidatorCompiler, route: RouteContext, httpPart: HttpPart, schema: unknown): ValidateFunction {
  const { method, url } = route.routeOptions
  let validate: unknown
  try {
    validate = compile({ schema, method, url, httpPart })
  } catch (error) {
    const built = new codes.SVC_ERR_SCH_VALIDATION_BUILD(method, url, (error as Error).message)
    built.cause = error
    throw built
  }
  if (typeof validate !== 'function') throw new codes.SVC_ERR_SCH_MISSING_COMPILER(httpPart, method, url)
  return validate as ValidateFunction
}

/** Compiles the validators a route's schema asks for. */
export function buildRouteValidation(route: RouteContext, schema: Record<string, any>, compilers: SchemaCompilers): RouteValidation | null {
  const compile = (route.routeOptions.validatorCompiler as ValidatorCompiler | undefined) ?? compilers.validatorCompiler
  const querySchema = schema.querystring ?? schema.query
  const validation: RouteValidation = {
    params: schema.params ? compilePart(compile, route, 'params', toFullSchema(schema.params)) : null,
    body: null,
    bodyByMediaType: null,
    querystring: querySchema ? compilePart(compile, route, 'querystring', toFullSchema(querySchema)) : null,
    headers: schema.headers ? compilePart(compile, route, 'headers', lowerCaseHeaderSchema(toFullSchema(schema.headers))) : null,
  }
  const bodySchema = schema.body
  const method = route.routeOptions.method
  if (bodySchema && method !== 'GET' && method !== 'HEAD') {
    if (hasContentMap(bodySchema)) {
      validation.bodyByMediaType = new Map()
      for (const [mediaType, entry] of Object.entries(bodySchema.content)) {
        if (entry.schema === undefined) throw new codes.SVC_ERR_SCH_CONTENT_MISSING_SCHEMA(mediaType)
        validation.bodyByMediaType.set(essenceOf(mediaType), compilePart(compile, route, 'body', toFullSchema(entry.schema)))
      }
    } else {
      validation.body = compilePart(compile, route, 'body', toFullSchema(bodySchema))
    }
  }
  const empty = !validation.params && !validation.body && !validation.bodyByMediaType && !validation.querystring && !validation.headers
  return empty ? null : validation
}

/** The request property each part lives in. */
const propertyOf = { params: 'params', body: 'body', querystring: 'query', headers: 'headers' } as const

/** Reads one validator's result: null when valid (storing a returned `value`), else the raw failure. */
function failureOf(result: ValidationResult, validate: ValidateFunction, request: Request, part: HttpPart): unknown {
  if (result === false) return validate.errors ?? []
  if (result !== null && typeof result === 'object') {
    if (result.error !== undefined && result.error !== null) return result.error
    if ('value' in result && result.value !== undefined) request[propertyOf[part]] = result.value
  }
  return null
}

/** The error of a failed part, with `statusCode` 400, `code`, `validation`, `validationContext`. */
function toValidationError(failure: unknown, part: HttpPart, route: RouteContext): ValidationError {
  if (failure instanceof Error) {
    const error = failure as ValidationError
    error.statusCode ??= 400
    error.code ??= 'SVC_ERR_VALIDATION'
    error.validationContext ??= part
    // the error is its own `validation`: not enumerable, so serializing the error (or what an
    // error handler builds from `error.validation`) meets no cycle
    if (error.validation === undefined) Object.defineProperty(error, 'validation', { value: failure, writable: true, configurable: true })
    return error
  }
  const items = Array.isArray(failure) ? failure : [failure]
  const error = toError(route.schemaErrorFormatter.call(route.server, items, part)) as ValidationError
  error.statusCode = 400
  error.code = 'SVC_ERR_VALIDATION'
  error.validation = failure
  error.validationContext = part
  return error
}

/**
 * The validator contract asks validators to return `{ error }`, never throw; one that throws anyway fails only
 * its request: an error that names its own status is kept, anything else is a 500 that says what
 * happened (the thrown value is its `cause`).
 */
function validatorThrew(thrown: unknown): Error {
  const error = toError(thrown) as Error & { statusCode?: unknown }
  if (typeof error.statusCode === 'number') return error
  const wrapped = new codes.SVC_ERR_SCH_VALIDATOR_THREW(error.message)
  wrapped.cause = thrown
  return wrapped
}

function validatorFor(validation: RouteValidation, part: HttpPart, request: Request): ValidateFunction | null {
  if (part !== 'body' || validation.bodyByMediaType === null) return validation[part]
  // with a content map, only the media types it lists are validated
  return validation.bodyByMediaType.get(essenceOf(request.headers['content-type'])) ?? null
}

const parts: HttpPart[] = ['params', 'body', 'querystring', 'headers']

/**
 * Validates params, body, querystring and headers in that order. Returns the first failure as a
 * validation error, null when the request is valid, or a Promise of either for async validators.
 */
export function validateRequest(route: RouteContext, request: Request, from = 0): ValidationError | null | Promise<ValidationError | null> {
  const validation = route.validation as RouteValidation
  for (let i = from; i < parts.length; i++) {
    const part = parts[i]
    const validate = validatorFor(validation, part, request)
    if (validate === null) continue
    const data = request[propertyOf[part]]
    let result: ReturnType<ValidateFunction>
    try {
      result = validate(data === undefined ? null : data)
    } catch (thrown) {
      throw validatorThrew(thrown)
    }
    if (isThenable(result)) {
      return Promise.resolve(result).then((settled) => {
        const failure = failureOf(settled, validate, request, part)
        return failure === null ? validateRequest(route, request, i + 1) : toValidationError(failure, part, route)
      }, (thrown) => {
        throw validatorThrew(thrown)
      })
    }
    const failure = failureOf(result, validate, request, part)
    if (failure !== null) return toValidationError(failure, part, route)
  }
  return null
}
