/**
 * @module types/error-format
 * The shapes of the error bodies warren writes — Fastify's (the default) and RFC 9457 problem details
 * (`errorFormat: 'problem'`) — and the `errorFormat` option that chooses one, or a function for a house
 * format.
 */

import type { HandlerError } from './hooks.js'
import type { WarrenReply } from './reply.js'
import type { WarrenRequest } from './request.js'

/** Fastify's error body, warren's default: `code` is present when the error carries one (every `SVC_ERR_*`, and your own errors' codes), absent otherwise. */
export interface FastifyErrorBody<Status extends number = number, Code extends string = string> {
  /** The HTTP status of the answer. */
  statusCode: Status
  /** The error's code, when it has one. */
  code?: Code
  /** The status phrase (`"Bad Request"`). */
  error: string
  /** The error's message (in production, a 5xx answers the status phrase instead). */
  message: string
}

/** An RFC 9457 problem details object, as `errorFormat: 'problem'` writes it (`content-type: application/problem+json`). */
export interface ProblemDetails<Status extends number = number, Code extends string = string> {
  /** The problem type: `urn:warren:error:<code>` for warren's codes, `about:blank` for a plain status. */
  type: string
  /** A short summary of the problem type (for `about:blank`, the status phrase). */
  title: string
  /** The HTTP status of the answer. */
  status: Status
  /** What went wrong this time: the error's message (in production, a 5xx answers the status phrase). */
  detail: string
  /** The request URL as received (path and query). Absent for a request the server could not parse. */
  instance?: string
  /** Extension member: the error's code, when it has one. */
  code?: Code
}

/** One failed schema keyword of a validation problem. */
export interface ValidationProblemItem {
  /** JSON Pointer to the value that failed, from the request part: `/body/email`, `/querystring/limit`. */
  pointer: string
  /** What is wrong with it. */
  message: string
  /** The schema keyword that failed (`required`, `format`…), when the validator names it. */
  keyword?: string
}

/** The problem details of a validation failure: `code` `SVC_ERR_VALIDATION` and one `errors` item per failed keyword. */
export interface ValidationProblemDetails extends ProblemDetails<400, 'SVC_ERR_VALIDATION'> {
  /** Extension member: every failed keyword with its location. */
  errors: ValidationProblemItem[]
}

/** What an `errorFormat` function answers: the body, and optionally a status (4xx/5xx) and headers. */
export interface ErrorFormatAnswer<Body = unknown> {
  /** The status to answer with (a 4xx or 5xx); default: the status warren chose. */
  status?: number
  /** Headers to add (a `content-type` here wins). */
  headers?: Record<string, string | number | string[]>
  /** The body: an object or array (sent as JSON), a string, or bytes. */
  body: Body
}

/** A house error format: called for every error warren answers, with the error (or the value thrown), the request and the reply. */
export type ErrorFormatFunction<Body = unknown> = (
  error: HandlerError,
  request: WarrenRequest | null,
  reply: WarrenReply | null,
) => ErrorFormatAnswer<Body>

/** The `errorFormat` factory option: `'fastify'` (default), `'problem'` (RFC 9457), or a function. */
export type ErrorFormat = 'fastify' | 'problem' | ErrorFormatFunction
