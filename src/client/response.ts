/**
 * @module client/response
 * Reading an answer: JSON parsed, text as strings, nothing for bodiless answers; anything else is
  * a `WarrenClientError`.
 */
import { WarrenClientError } from './errors.js'

/** Statuses whose answers have no body (RFC 9110), whatever their schema says. */
const bodilessStatuses = new Set([204, 205, 304])

/** True when the answer to `method` with `status` carries no body. */
export function isBodiless(method: string, status: number): boolean {
  return method === 'HEAD' || bodilessStatuses.has(status)
}

/** An answer as the client returns it: the status, the parsed body and the headers. */
export interface ClientResponse<Status extends number = number, Body = unknown> {
  status: Status
  body: Body
  headers: Headers
}

export interface ResponseLike {
  status: number
  headers: Headers
  text(): Promise<string>
}

function isJson(contentType: string): boolean {
  const essence = contentType.split(';')[0].trim().toLowerCase()
  return essence === 'application/json' || essence.endsWith('+json')
}

export async function readResponse(response: ResponseLike, method: string): Promise<ClientResponse> {
  const { status, headers } = response
  const body = isBodiless(method, status) ? '' : await response.text()
  if (body === '') return { status, body: undefined, headers }
  const contentType = headers.get('content-type') ?? ''
  if (isJson(contentType)) {
    try {
      return { status, body: JSON.parse(body), headers }
    } catch (error) {
      throw new WarrenClientError('CLIENT_ERR_INVALID_JSON', `The ${status} answer says it is JSON but does not parse: ${(error as Error).message}`, { status, text: body, cause: error })
    }
  }
  if (contentType.startsWith('text/')) return { status, body, headers }
  throw new WarrenClientError('CLIENT_ERR_UNEXPECTED_CONTENT_TYPE', `The ${status} answer is '${contentType || 'untyped'}', neither JSON nor text`, { status, text: body })
}
