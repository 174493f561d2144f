/**
 * @module types/error-catalogue
 * The codes a client can receive in an error body: every `SVC_ERR_*` warren answers a request with, its status and meaning.
 */

import type { AppErrorCodes } from './augment.js'

/** One entry of the catalogue: the status the code is answered with and a short meaning. */
export interface ErrorCatalogueEntry {
  readonly status: number
  /** What happened, in a few words: the problem details' `title`. */
  readonly title: string
}

/** Every code warren answers a request with (start-up errors are thrown, never answered), e.g. `errorCatalogue.SVC_ERR_CTP_BODY_TOO_LARGE.status // 413`. */
export const errorCatalogue = {
  SVC_ERR_VALIDATION: { status: 400, title: 'Request validation failed' },
  SVC_ERR_BAD_URL: { status: 400, title: 'Malformed URL' },
  SVC_ERR_CTP_INVALID_JSON_BODY: { status: 400, title: 'Body is not valid JSON' },
  SVC_ERR_CTP_EMPTY_JSON_BODY: { status: 400, title: 'Empty JSON body' },
  SVC_ERR_CTP_FORBIDDEN_PROPERTY: { status: 400, title: 'Forbidden property in JSON body' },
  SVC_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, title: 'Body length does not match Content-Length' },
  SVC_ERR_ROUTE_MISSING_CONTENT_TYPE: { status: 400, title: 'Content-Type header missing' },
  SVC_ERR_BEARER_AUTH_MISSING: { status: 401, title: 'Bearer token missing or malformed' },
  SVC_ERR_BEARER_AUTH_INVALID: { status: 401, title: 'Bearer token invalid' },
  SVC_ERR_CTP_BODY_TOO_LARGE: { status: 413, title: 'Request body too large' },
  SVC_ERR_MAX_PARAM_LENGTH: { status: 414, title: 'Route parameter too long' },
  SVC_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  SVC_ERR_RESPONSE_SERIALIZATION: { status: 500, title: 'Response does not match its schema' },
  SVC_ERR_FAILED_ERROR_SERIALIZATION: { status: 500, title: 'Error response could not be serialized' },
  SVC_ERR_ASYNC_CONSTRAINT: { status: 500, title: 'Route constraint failed' },
  SVC_ERR_SEND_UNDEFINED_ERR: { status: 500, title: 'Request failed without an error' },
  SVC_ERR_BAD_STATUS_CODE: { status: 500, title: 'Invalid response status code' },
  SVC_ERR_REP_INVALID_PAYLOAD_TYPE: { status: 500, title: 'Invalid response payload' },
  SVC_ERR_ROUTE_REWRITE_NOT_STR: { status: 500, title: 'URL rewrite failed' },
  SVC_ERR_REQ_BODY_CONSUMED: { status: 500, title: 'Request body already read' },
  SVC_ERR_REP_RESPONSE_BODY_CONSUMED: { status: 500, title: 'Response body already read' },
  SVC_ERR_REP_READABLE_STREAM_LOCKED: { status: 500, title: 'Response stream locked' },
  SVC_ERR_FETCH_RESPONSE_STATUS: { status: 500, title: 'Status not allowed in a web Response' },
  SVC_ERR_BAD_TRAILER_NAME: { status: 500, title: 'Trailer name not allowed' },
  SVC_ERR_SCH_STANDARD_VALIDATE: { status: 500, title: "Schema library's validate failed" },
  SVC_ERR_SERVICE_UNAVAILABLE: { status: 503, title: 'Server is closing' },
  SVC_ERR_HANDLER_TIMEOUT: { status: 503, title: 'Request not answered in time' },
} as const satisfies Record<string, ErrorCatalogueEntry>

export type ErrorCatalogue = typeof errorCatalogue

export type CatalogueCode = keyof ErrorCatalogue

/** The codes answered with a status in `Status` (a union of status codes): warren's, and the application's ({@link AppErrorCodes}). */
export type CodesWithStatus<Status extends number> =
  | {
    [C in CatalogueCode]: ErrorCatalogue[C]['status'] extends Status ? C : never
  }[CatalogueCode]
  | AppCodesWithStatus<Status>

type AppCodesWithStatus<Status extends number> = {
  [C in keyof AppErrorCodes]: [Extract<AppErrorCodes[C], Status>] extends [never] ? never : C
}[keyof AppErrorCodes] & string

/** The problem details `type` of a catalogue code: a stable identifier documented in the errors guide; it does not resolve to a page. */
export type ProblemTypeOf<C extends string> = `urn:warren:error:${C}`

export const problemTypePrefix = 'urn:warren:error:'
