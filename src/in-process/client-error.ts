/**
 * @module in-process/client-error
 * Requests a socket's HTTP parser would refuse before routing, refused the same way in-process with
 * the answer the application's client error handling writes, read back.
 */
import { Buffer } from 'node:buffer'
import type { RootState } from '../model/root-state.js'
import { answerClientError, defaultClientErrorAnswer } from '../serve/client-error.js'
import { hasInvalidHeaderChar, isHttpToken, isLeftOut } from './headers.js'
import type { InProcessHeaders } from './request.js'

export interface PlainAnswer {
  statusCode: number
  headers: Record<string, string>
  body: string
}

export function refusedHeaders(headers: InProcessHeaders): (Error & { code: string }) | null {
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (!isHttpToken(name)) return parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid header token')
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value]
    if (values.some(hasInvalidHeaderChar)) return parseError('HPE_INVALID_HEADER_TOKEN', 'Invalid header value char')
  }
  return refusedFraming(headers)
}

/** A content-length that is no number or given twice differently is refused: the body's length would be ambiguous. */
export function refusedFraming(headers: InProcessHeaders): (Error & { code: string }) | null {
  return refusedLength(headers['content-length'])
}

/** {@link refusedFraming} of the `content-length` value alone (null or undefined when there is none). */
export function refusedLength(length: string | string[] | null | undefined): (Error & { code: string }) | null {
  // one length, all digits: the usual case, decided without splitting
  if (length === undefined || length === null || (typeof length === 'string' && /^\d+$/.test(length))) return null
  const lengths = (Array.isArray(length) ? length : length.split(',')).map((item) => item.trim())
  if (lengths.some((item) => !/^\d+$/.test(item)) || new Set(lengths).size > 1) return parseError('HPE_INVALID_CONTENT_LENGTH', 'Invalid character in Content-Length')
  return null
}

function parseError(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(`Parse Error: ${message}`), { code })
}

/** The client error handler's answer, written on a stand-in socket and read back; a plain 400 when it writes nothing. */
export function clientErrorAnswer(root: RootState, error: Error & { code?: string }): PlainAnswer {
  let written = ''
  const socket = {
    destroyed: false,
    writable: true,
    write(data: string | Uint8Array): boolean {
      written += typeof data === 'string' ? data : Buffer.from(data).toString('latin1')
      return true
    },
    end(data?: string | Uint8Array): void {
      if (data !== undefined) socket.write(data)
      socket.destroy()
    },
    destroy(): void {
      socket.destroyed = true
      socket.writable = false
    },
  }
  const handler = root.options.clientErrorHandler
  if (handler !== undefined) handler.call(root.app, error, socket as never)
  else answerClientError(root, error, socket as never)
  return parseAnswer(written) ?? ownAnswer(root, error)
}

function ownAnswer(root: RootState, error: Error & { code?: string }): PlainAnswer {
  const { answer, body } = defaultClientErrorAnswer(root, error)
  const headers: Record<string, string> = { 'content-type': answer.contentType }
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
  return { statusCode: answer.status, headers, body: typeof body === 'string' ? body : Buffer.from(body).toString('latin1') }
}

function parseAnswer(text: string): PlainAnswer | null {
  const end = text.indexOf('\r\n\r\n')
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)
  if (end === -1 || status === null) return null
  const headers: Record<string, string> = {}
  for (const line of text.slice(0, end).split('\r\n').slice(1)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    // the socket's answer closes its connection; the server this answer is handed to owns that
    if (!isLeftOut(name)) headers[name] = line.slice(colon + 1).trim()
  }
  return { statusCode: Number(status[1]), headers, body: text.slice(end + 4) }
}
