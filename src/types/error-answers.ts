/**
 * @module types/error-answers
 * What the typed client answers for the statuses a route does not declare: warren's error body (in the app's `errorFormat`) for a 4xx or 5xx, `unknown` for the rest.
 */

import type { kErrorFormat } from './brand.js'
import type { CodesWithStatus } from './error-catalogue.js'
import type { ErrorFormat, ErrorFormatFunction, FastifyErrorBody, ProblemDetails, ValidationProblemDetails } from './error-format.js'

/** How the client types an error body: `'fastify'`, `'problem'`, or the body an `errorFormat` function answers. */
export type ErrorFormatKind = 'fastify' | 'problem' | { readonly body: unknown }

/** The error format a route table carries when it is not the default; not a route: the client's table leaves it out of the paths. */
export interface ErrorFormatTag<F extends ErrorFormatKind> {
  readonly [kErrorFormat]: F
}

/** None for the default format, nor for an unknown one (the option's whole type, as `ReturnType<typeof warren>` reads it). */
export type ErrorFormatTagOf<F> = [ErrorFormat] extends [F] ? never : ErrorFormatTagFor<F>

type ErrorFormatTagFor<F> = F extends 'problem'
  ? ErrorFormatTag<'problem'>
  : F extends ErrorFormatFunction<infer Body>
    ? ErrorFormatTag<{ readonly body: Body }>
    : never

/** What a route table carries besides its routes: the error format, for the client (nothing for the default). */
export type ErrorFormatMember<R> = [Extract<R, ErrorFormatTag<ErrorFormatKind>>] extends [never]
  ? {}
  : { readonly [kErrorFormat]?: Extract<R, ErrorFormatTag<ErrorFormatKind>>[typeof kErrorFormat] }

export type ErrorFormatOfTable<Table> = Table extends { readonly [kErrorFormat]?: infer F extends ErrorFormatKind } ? F : 'fastify'

/** An error body with status `Status` and the codes `Code`, in format `F`. */
export type ErrorBodyIn<F extends ErrorFormatKind, Status extends number, Code extends string> = F extends 'problem'
  ? ProblemDetails<Status, Code>
  : F extends { readonly body: infer Body }
    ? Body
    : FastifyErrorBody<Status, Code>

/** The body of a 400 in format `F`: a validation failure (`code: 'SVC_ERR_VALIDATION'`) or another bad request. */
export type BadRequestBody<F extends ErrorFormatKind> = F extends 'problem'
  ? ValidationProblemDetails | ProblemDetails<400, Exclude<CodesWithStatus<400>, 'SVC_ERR_VALIDATION'>>
  : ErrorBodyIn<F, 400, CodesWithStatus<400>>

/** The shape of the client's `TypedAnswer`, which lives with the client's other types. */
interface ErrorAnswer<Status extends number, Body> {
  status: Status
  body: Body
  headers: Headers
}

type AnswerIf<S extends number, Body> = [S] extends [never] ? never : ErrorAnswer<S, Body>

/** One answer per status, each with its own codes: `status === 423` narrows the body to a 423's. */
type ErrorAnswerPerStatus<S extends number, F extends ErrorFormatKind> = S extends number ? ErrorAnswer<S, ErrorBodyIn<F, S, CodesWithStatus<S>>> : never

/** The client's `StatusCodesByClass`, passed in. */
interface ByClass {
  1: number
  2: number
  3: number
  4: number
  5: number
}

/** The answers for the statuses a route does not declare (`Declared`): 400, the other 4xx and the 5xx with warren's error body, the rest `unknown`. */
export type UndeclaredAnswers<Declared extends number, F extends ErrorFormatKind, Classes extends ByClass> =
  | AnswerIf<Exclude<400, Declared>, BadRequestBody<F>>
  | ErrorAnswerPerStatus<Exclude<Classes[4], Declared | 400>, F>
  | ErrorAnswerPerStatus<Exclude<Classes[5], Declared>, F>
  | AnswerIf<Exclude<Classes[1 | 2 | 3], Declared>, unknown>
