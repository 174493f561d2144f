/**
 * @module schema/validation
 * A route's request validators: compiled once from its schema (params, body — per media type with a
 * `content` map —, querystring, headers), then run in that order against a request's parts. Takes
 * plain inputs (method, url, compiler, error formatter), never a route context or a request class.
 */
import { codes, toError } from '../core/errors.js'
import { isThenable } from '../core/is-thenable.js'
import { kAjvValidator } from '../core/symbols.js'
import { essenceOf } from '../core/media-type.js'
import { hasContentMap, toFullSchema } from './normalize.js'
import { normalizeHeaderSchema, warnUnreachable } from './header-schema.js'
import { libraryCompilerOf } from './ajv-compiler.js'
import { compileStandardPart } from './standard-compile.js'
import { kLibraryPass } from './standard-pass.js'
import { isStandardSchema } from './standard-schema.js'
import type { HTTPPart, ValidationErrorItem, ValidationFunction, ValidatorCompiler } from '../types/index.js'

/** What a route's validation needs to compile its schemas. */
export interface RouteValidationInput {
  /** The route's `schema` option. */
  schema: Record<string, any>
  method: string
  url: string
  compile: ValidatorCompiler
  /**
   * Whether `compile` is warren's default (Ajv): another library's Standard Schema is then compiled
   * from its JSON Schema, its library run after where needed. A custom compiler gets it as declared.
   */
  standardSchemas: boolean
  /** Turns a failed part's error items into the error the request fails with (the context's formatter). */
  formatError: (items: ValidationErrorItem[], part: HTTPPart) => unknown
}

/** The request parts validation reads, and replaces with a validator's returned `value`. */
export interface ValidationTarget {
  params: unknown
  body: unknown
  query: unknown
  headers: unknown
}

/** An error of the validation path: `statusCode` 400, `code`, `validation` (the raw failure), `validationContext`. */
export type ValidationError = Error & {
  statusCode: number
  code: string
  validation: ValidationErrorItem[]
  validationContext: string
}

/** A failure the validator reported without a keyword list (its own Error, or a bare `false`), as one item of it. */
function validatorItem(message: string): ValidationErrorItem {
  return { keyword: 'validator', instancePath: '', schemaPath: '', params: {}, message }
}

/** The outcome of validating a request: the first failure, or null; a Promise of it with async validators. */
export type ValidationOutcome = ValidationError | null | Promise<ValidationError | null>

/** Route schemas whose `querystring` warren set from their `query`, which are not given twice. */
const aliasedQueries = new WeakSet<object>()

/**
 * `query` is an alias of `querystring`: a schema given it gets `querystring` too, as code that kept
 * the route's options (a docs plugin) reads the latter. Both given by the application fail.
 */
export function aliasQuerystring(schema: Record<string, unknown>): void {
  if (schema.query === undefined) return
  if (schema.querystring === undefined) {
    schema.querystring = schema.query
    aliasedQueries.add(schema)
  } else if (!aliasedQueries.has(schema)) throw new codes.SVC_ERR_SCH_DUPLICATE('querystring')
}

/** The request property each part lives in. */
const propertyOf = { params: 'params', body: 'body', querystring: 'query', headers: 'headers' } as const
const parts: readonly HTTPPart[] = ['params', 'body', 'querystring', 'headers']

/**
 * The validator of one part's schema: a Standard Schema through its JSON Schema (see `schema/standard-compile`), any
 * other as it is; `compileJson` compiles the JSON Schema either way.
 */
function compileSchema(
  input: RouteValidationInput,
  httpPart: HTTPPart,
  schema: unknown,
  compileJson = (json: unknown, compile: ValidatorCompiler): ValidationFunction => compilePart(input, compile, httpPart, json),
): ValidationFunction {
  if (!input.standardSchemas || !isStandardSchema(schema)) return compileJson(toFullSchema(schema), input.compile)
  const site = { part: httpPart, method: input.method, url: input.url }
  return compileStandardPart(schema, site, (json, reading) => compileJson(json, libraryCompilerOf(input.compile, reading)), httpPart === 'headers')
}

function compilePart(input: RouteValidationInput, compile: ValidatorCompiler, httpPart: HTTPPart, schema: unknown): ValidationFunction {
  const { method, url } = input
  let validate: unknown
  try {
    validate = compile({ schema, method, url, httpPart })
  } catch (error) {
    const built = new codes.SVC_ERR_SCH_VALIDATION_BUILD(method, url, (error as Error).message)
    built.cause = error
    throw built
  }
  if (typeof validate !== 'function') throw new codes.SVC_ERR_SCH_MISSING_COMPILER(httpPart, method, url)
  return validate as ValidationFunction
}

/** Ajv's second argument: where the validated value lives, so a coerced root value is written there. */
type AjvValidator = (data: unknown, dataContext: { parentData: ValidationTarget; parentDataProperty: string }) => unknown

/** True for a validator Ajv generated (the default compiler's, or a user's own Ajv). */
function isAjvValidator(validate: ValidationFunction): boolean {
  return kAjvValidator in validate || 'schemaEnv' in validate
}

/**
 * One part a route validates, in the order parts are validated: its validator (null for a body
 * validated per media type) and whether Ajv generated it. Built once, when the route is.
 */
interface Step {
  readonly part: HTTPPart
  readonly validate: ValidationFunction | null
  readonly ajv: boolean
}

/** The request property a part lives in (named reads: one keyed by a variable name costs more). */
function readPart(target: ValidationTarget, part: HTTPPart): unknown {
  switch (part) {
    case 'body':
      return target.body
    case 'params':
      return target.params
    case 'querystring':
      return target.query
    default:
      return target.headers
  }
}

/**
 * Runs one validator. Ajv coerces a root primitive (`"10"` for `type: 'integer'`) by writing it
 * into the value's parent, which it only knows when given one: a primitive goes with the request.
 */
function run(validate: ValidationFunction, ajv: boolean, target: ValidationTarget, part: HTTPPart): unknown {
  const data = readPart(target, part)
  // objects (the usual parts) are coerced in place: only a primitive needs the parent
  if ((data === undefined || data === null || typeof data !== 'object') && ajv) {
    return (validate as unknown as AjvValidator)(data === undefined ? null : data, { parentData: target, parentDataProperty: propertyOf[part] })
  }
  return validate(data === undefined ? null : data)
}

/** Reads one validator's result: null when valid (storing a returned `value`), else the raw failure. */
function failureOf(result: unknown, validate: ValidationFunction, target: ValidationTarget, part: HTTPPart): unknown {
  if (result === false) return reasonsOf(validate)
  if (result !== null && typeof result === 'object') {
    const { error, value } = result as { error?: unknown; value?: unknown }
    if (error !== undefined && error !== null) return error
    if ('value' in result && value !== undefined) target[propertyOf[part]] = value
  }
  return null
}

/**
 * Reads a settled async validator's result. It answers pass or fail only: Ajv's `$async`
 * validators (and libraries such as Joi's `validateAsync`) resolve with the validated data itself,
 * so a payload's own `error` or `value` key must never be read as the validator's verdict.
 * `false` fails with the validator's `errors`; anything else passes, leaving the part as it is.
 */
function asyncFailureOf(settled: unknown, validate: ValidationFunction): unknown {
  return settled === false ? reasonsOf(validate) : null
}

/** A validator's `errors`; one that said `false` and gave none is still a refusal, named as one. */
function reasonsOf(validate: ValidationFunction): unknown {
  const errors = validate.errors
  if (Array.isArray(errors) && errors.length > 0) return errors
  return [validatorItem('is invalid')]
}

/**
 * The failure of an async validator that rejected: rejecting is how an async validator says no
 * (Ajv's `$async` validators reject with a `ValidationError` whose `errors` are Ajv's items).
 */
function rejectionFailure(rejected: unknown): unknown {
  if (!(rejected instanceof Error)) return rejected ?? []
  const ajvError = rejected as Error & { ajv?: unknown; errors?: unknown; validation?: unknown }
  // Ajv marks its error `validation: true`: the items are what an error handler wants there
  if (ajvError.ajv === true && Array.isArray(ajvError.errors)) ajvError.validation = ajvError.errors
  return rejected
}

/** A route's compiled validators, in the order they run. */
export class RouteValidation {
  readonly params: ValidationFunction | null
  readonly body: ValidationFunction | null
  /** With a body `content` map: the validator per essence media type (unlisted types are not validated). */
  readonly bodyByMediaType: Map<string, ValidationFunction> | null
  readonly querystring: ValidationFunction | null
  readonly headers: ValidationFunction | null
  readonly #formatError: RouteValidationInput['formatError']
  /** The parts this route validates, in order. */
  readonly #steps: readonly Step[]

  constructor(input: RouteValidationInput) {
    const { schema } = input
    // a part is validated whenever its schema is given: `false` rejects every request, `null` fails to compile
    // `query` is `querystring` by now (aliasQuerystring, at compileSchemas)
    const querySchema = schema.querystring
    this.params = schema.params !== undefined ? compileSchema(input, 'params', schema.params) : null
    this.querystring = querySchema !== undefined ? compileSchema(input, 'querystring', querySchema) : null
    this.headers = schema.headers !== undefined ? compileHeaders(input, schema.headers) : null
    const bodySchema = input.method === 'GET' || input.method === 'HEAD' ? undefined : schema.body
    this.body = bodySchema !== undefined && !hasContentMap(bodySchema) ? compileSchema(input, 'body', bodySchema) : null
    this.bodyByMediaType = bodySchema !== undefined && hasContentMap(bodySchema) ? compileContentMap(input, bodySchema.content) : null
    this.#formatError = input.formatError
    this.#steps = parts
      .filter((part) => this[part] !== null || (part === 'body' && this.bodyByMediaType !== null))
      .map((part) => ({ part, validate: this[part], ajv: this[part] !== null && isAjvValidator(this[part]) }))
  }

  /** True when the schema asked for no validator at all. */
  get empty(): boolean {
    return !this.params && !this.body && !this.bodyByMediaType && !this.querystring && !this.headers
  }

  /**
   * Validates params, body, querystring and headers in that order. Returns the first failure as a
   * validation error, null when the request is valid, or a Promise of either once a validator
   * answers with a promise (its result is pass or fail, see {@link asyncFailureOf}; a rejection is
   * a failure). A validator that throws makes this throw its error as it is: it reaches the error
   * handler like any other error of the request (a 500 unless it names its own status).
   */
  validate(target: ValidationTarget, contentType: unknown, from = 0): ValidationOutcome {
    const steps = this.#steps
    for (let i = from; i < steps.length; i++) {
      const { part, validate: own, ajv } = steps[i]
      const validate = own ?? this.#bodyValidatorFor(contentType)
      if (validate === null) continue
      const result = run(validate, own === null ? isAjvValidator(validate) : ajv, target, part)
      if (isThenable(result)) return this.#settle(result, validate, target, contentType, i)
      const failure = failureOf(result, validate, target, part)
      if (failure !== null) return this.#toValidationError(failure, part)
    }
    return null
  }

  /** Awaits an async validator of step `i`, then validates the parts after it. */
  #settle(result: PromiseLike<unknown>, validate: ValidationFunction, target: ValidationTarget, contentType: unknown, i: number): Promise<ValidationError | null> {
    const part = this.#steps[i].part
    // a library's async validation resolves with its verdict (the value to keep, or its issues); its rejection is the library failing
    const verdict = kLibraryPass in validate
    return Promise.resolve(result).then(
      (settled) => {
        const failure = verdict ? failureOf(settled, validate, target, part) : asyncFailureOf(settled, validate)
        return failure === null ? this.validate(target, contentType, i + 1) : this.#toValidationError(failure, part)
      },
      // only this validator's rejection is its verdict: a later validator that throws is not caught here
      (rejected) => {
        if (verdict) throw rejected
        return this.#toValidationError(rejectionFailure(rejected), part)
      },
    )
  }

  /** With a content map, only the media types it lists are validated. */
  #bodyValidatorFor(contentType: unknown): ValidationFunction | null {
    return this.bodyByMediaType?.get(essenceOf(contentType)) ?? null
  }

  /** The error of a failed part, with `statusCode` 400, `code`, `validation`, `validationContext`. */
  #toValidationError(failure: unknown, part: HTTPPart): ValidationError {
    if (failure instanceof Error) {
      const error = failure as ValidationError
      error.statusCode ??= 400
      error.code ??= 'SVC_ERR_VALIDATION'
      error.validationContext ??= part
      // a list of one failure in Ajv's shape, so `if (error.validation)` and `.map` read it as any other;
      // not enumerable, so the error serializes as the validator made it
      if (error.validation === undefined) Object.defineProperty(error, 'validation', { value: [validatorItem(failure.message)], writable: true, configurable: true })
      return error
    }
    const items = (Array.isArray(failure) ? failure : [failure]) as ValidationErrorItem[]
    const formatted = this.#formatError(items, part)
    const error = toError(formatted) as ValidationError
    // the error a schemaErrorFormatter builds may choose its status and code, as a validator's own error may
    const chosen = typeof formatted === 'object' && formatted !== null
    if (!chosen || error.statusCode === undefined) error.statusCode = 400
    if (!chosen || error.code === undefined) error.code = 'SVC_ERR_VALIDATION'
    error.validation = items
    error.validationContext = part
    return error
  }
}

/** The headers validator, compiled from the schema with its header names lower-cased (see `schema/header-schema`). */
function compileHeaders(input: RouteValidationInput, schema: unknown): ValidationFunction {
  return compileSchema(input, 'headers', schema, (json, compile) => {
    const headers = normalizeHeaderSchema(json)
    warnUnreachable(headers.warnings, input.method, input.url)
    return compilePart(input, compile, 'headers', headers.schema)
  })
}

function compileContentMap(input: RouteValidationInput, content: Record<string, { schema?: unknown }>): Map<string, ValidationFunction> {
  const byMediaType = new Map<string, ValidationFunction>()
  for (const [mediaType, entry] of Object.entries(content)) {
    if (entry?.schema === undefined) throw new codes.SVC_ERR_SCH_CONTENT_MISSING_SCHEMA(mediaType)
    byMediaType.set(essenceOf(mediaType), compileSchema(input, 'body', entry.schema))
  }
  return byMediaType
}

/** Compiles the validators a route's schema asks for; null when it asks for none. */
export function buildRouteValidation(input: RouteValidationInput): RouteValidation | null {
  const validation = new RouteValidation(input)
  return validation.empty ? null : validation
}
