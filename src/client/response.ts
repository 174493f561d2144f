/**
 * @module client/response
 * Reading an answer: JSON parsed, text as strings, any other type as its bytes, nothing for
 * bodiless answers; JSON that does not parse is a `WarrenClientError`.
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
  /** The body's bytes, for answers that are neither JSON nor text (a fetch `Response` has it). */
  arrayBuffer?(): Promise<ArrayBuffer>
}

/** A content type without its parameters, in lower case. */
function essenceOf(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase()
}

function isJson(essence: string): boolean {
  return essence === 'application/json' || essence.endsWith('+json')
}

/** Text a string can hold as it is: `text/*` and the XML, JavaScript and form types. */
function isText(essence: string): boolean {
  return essence.startsWith('text/') || essence.endsWith('+xml') || essence === 'application/xml' || essence === 'application/javascript' || essence === 'application/x-www-form-urlencoded'
}

export async function readResponse(response: ResponseLike, method: string): Promise<ClientResponse> {
  const { status, headers } = response
  if (isBodiless(method, status)) return { status, body: undefined, headers }
  const essence = essenceOf(headers.get('content-type') ?? '')
  const json = isJson(essence)
  if (!json && !isText(essence) && response.arrayBuffer !== undefined) {
    // an image, a PDF, an archive: its bytes, which text would corrupt
    const bytes = new Uint8Array(await response.arrayBuffer())
    return { status, body: bytes.byteLength === 0 ? undefined : bytes, headers }
  }
  const body = await response.text()
  if (body === '') return { status, body: undefined, headers }
  if (json) {
    try {
      return { status, body: JSON.parse(body), headers }
    } catch (error) {
      throw new WarrenClientError('CLIENT_ERR_INVALID_JSON', `The ${status} answer says it is JSON but does not parse: ${(error as Error).message}`, { status, text: body, cause: error })
    }
  }
  return { status, body, headers }
}
