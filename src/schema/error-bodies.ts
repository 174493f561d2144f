/**
 * @module schema/error-bodies
 * The bodies warren answers errors with, as TypeBox schemas: for routes that declare their error
 * statuses (`'4xx': ProblemBody`), and for the OpenAPI document, which describes them from here.
 */
import { typeBuilder as Type } from './type-builder.js'

/** The default error body (`errorFormat: 'fastify'`): Fastify's shape; `code` when the error has one, `error` when the status has a phrase. */
export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
    code: Type.Optional(Type.String()),
    error: Type.Optional(Type.String({ description: 'The status phrase' })),
    message: Type.String(),
  },
  { description: "warren's error body: Fastify's shape; `code` when the error has one" },
)

/** One failed value of a validation problem: where (a JSON Pointer from the request part), why, and the schema keyword. */
const validationProblemItem = Type.Object({
  pointer: Type.String({ format: 'json-pointer', description: 'The value that failed, from the request part: `/body/email`' }),
  message: Type.String(),
  keyword: Type.Optional(Type.String()),
})

/** The problem details body (`errorFormat: 'problem'`, RFC 9457); a validation failure's carries `errors`. */
export const ProblemBody = Type.Object(
  {
    type: Type.String({ format: 'uri-reference', description: "`urn:warren:error:<code>` for warren's codes, `about:blank` for a plain status" }),
    title: Type.String(),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.String(),
    instance: Type.Optional(Type.String({ format: 'uri-reference', description: 'The request URL' })),
    code: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Array(validationProblemItem, { description: 'On a validation failure: one item per failed schema keyword' })),
  },
  { description: 'RFC 9457 problem details; `code` (extension) when the error has one' },
)
