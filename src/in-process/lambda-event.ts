/**
 * @module in-process/lambda-event
 * AWS Lambda's HTTP events (API Gateway 1.0 and 2.0, function URLs, ALB) read as in-process
 * requests, and responses written back in the event's own format.
 */
import { Buffer } from 'node:buffer'
import type { AlbEvent, ApiGatewayV1Event, ApiGatewayV2Event, LambdaHttpResult } from '../types/lambda.js'
import { isLeftOut, type OutgoingValue } from './headers.js'
import { appendHeader, type InProcessHeaders, type InProcessRequestInit } from './request.js'

export type EventFormat = 'v1' | 'v2' | 'alb'

export interface LambdaRequest {
  format: EventFormat
  /** The event used the multi-value form, so the result must too. */
  multiValue: boolean
  init: InProcessRequestInit
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function formatOf(event: unknown): EventFormat | null {
  if (!isRecord(event) || !isRecord(event.requestContext)) return null
  const context = event.requestContext
  if (event.version === '2.0' && typeof event.rawPath === 'string' && isRecord(context.http) && typeof context.http.method === 'string') return 'v2'
  if (typeof event.httpMethod !== 'string' || typeof event.path !== 'string') return null
  return isRecord(context.elb) ? 'alb' : 'v1'
}

type SingleValues = Record<string, string | undefined> | null | undefined
type MultiValues = Record<string, string[] | undefined> | null | undefined

/** Each name and value of an event's map, from its multi-value form when it has one (it holds every value). */
function forEachValue(single: SingleValues, multi: MultiValues, visit: (name: string, value: string) => void): void {
  if (isRecord(multi)) {
    for (const name of Object.keys(multi)) for (const value of multi[name] ?? []) visit(name, String(value))
  } else if (isRecord(single)) {
    for (const name of Object.keys(single)) if (single[name] !== undefined && single[name] !== null) visit(name, String(single[name]))
  }
}

function headersOf(single: SingleValues, multi: MultiValues): InProcessHeaders {
  const headers: InProcessHeaders = {}
  forEachValue(single, multi, (name, value) => appendHeader(headers, name.toLowerCase(), value))
  return headers
}

/** API Gateway decodes parameters (encoded again here); ALB passes them as sent (kept). */
function queryOf(single: SingleValues, multi: MultiValues, encoded: boolean): string {
  const encode = encoded ? (text: string): string => text : encodeURIComponent
  const pairs: string[] = []
  forEachValue(single, multi, (name, value) => pairs.push(`${encode(name)}=${encode(value)}`))
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`
}

function bodyOf(body: string | null | undefined, base64: boolean | undefined): Buffer | null {
  if (body === undefined || body === null || body === '') return null
  return Buffer.from(body, base64 === true ? 'base64' : 'utf8')
}

/** The last `x-forwarded-for` address: the one the load balancer added, the client it saw. */
function lastForwarded(headers: InProcessHeaders): string | undefined {
  const chain = headers['x-forwarded-for']
  if (typeof chain !== 'string' || chain === '') return undefined
  return chain.slice(chain.lastIndexOf(',') + 1).trim()
}

function withLength(headers: InProcessHeaders, body: Buffer | null): void {
  if (body !== null && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) headers['content-length'] = String(body.length)
}

/**
 * An HTTP API's named stage, reached through its execute-api address, starts the path
 * (`/prod/items`); the routes know nothing of the stage, so it is taken off. `$default` has none.
 */
function withoutStage(path: string, stage: unknown): string {
  if (typeof stage !== 'string' || stage === '' || stage === '$default') return path
  return withoutPrefix(path, `/${stage}`)
}

/** `path` without `prefix` when it starts with it as whole segments (`/v1/items`, not `/v1items`). */
function withoutPrefix(path: string, prefix: string): string {
  if (prefix === '' || !path.startsWith(prefix)) return path
  const rest = path.slice(prefix.length)
  if (rest === '' || rest.startsWith('?')) return `/${rest}`
  return rest.startsWith('/') ? rest : path
}

function fromV2(event: ApiGatewayV2Event): LambdaRequest {
  const headers = headersOf(event.headers, undefined)
  if (Array.isArray(event.cookies) && event.cookies.length > 0) headers.cookie = event.cookies.join('; ')
  const body = bodyOf(event.body, event.isBase64Encoded)
  withLength(headers, body)
  const http = event.requestContext.http
  const query = event.rawQueryString ? `?${event.rawQueryString}` : ''
  return {
    format: 'v2',
    multiValue: false,
    init: { method: http.method, url: encodedPath(withoutStage(event.rawPath, event.requestContext.stage)) + query, headers, body, remoteAddress: http.sourceIp, encrypted: headers['x-forwarded-proto'] !== 'http' },
  }
}

function fromV1OrAlb(event: ApiGatewayV1Event | AlbEvent, format: 'v1' | 'alb'): LambdaRequest {
  const multiValue = isRecord(event.multiValueHeaders)
  const headers = headersOf(event.headers, event.multiValueHeaders)
  const body = bodyOf(event.body, event.isBase64Encoded)
  withLength(headers, body)
  const query = queryOf(event.queryStringParameters, event.multiValueQueryStringParameters, format === 'alb')
  const remoteAddress = format === 'v1' ? (event as ApiGatewayV1Event).requestContext.identity?.sourceIp : lastForwarded(headers)
  return {
    format,
    multiValue,
    init: { method: event.httpMethod, url: encodedPath(event.path) + query, headers, body, remoteAddress, encrypted: headers['x-forwarded-proto'] === 'https' },
  }
}

/** What cannot stand in an encoded path: a `%` that starts no escape, `?`, `#`, spaces, controls, non-ASCII. */
const unencoded = /%(?![0-9A-Fa-f]{2})|[?#]|[^\x21-\x7E]/gu

function encodeChar(char: string): string {
  try {
    return encodeURIComponent(char)
  } catch {
    return '%EF%BF%BD' // a lone surrogate: U+FFFD, as a decoder would read it
  }
}

/**
 * HTTP APIs give the path decoded (`rawPath`, and `path` in their 1.0 payload); REST APIs,
 * function URLs and ALBs give it as the client sent it. Encoding only what an encoded path cannot
 * hold leaves the latter unchanged and makes the former a path again (a decoded `?` stays in it).
 */
function encodedPath(path: string): string {
  return path.replace(unencoded, encodeChar)
}

/** The event as a request; `basePath` (a custom domain's API mapping) is taken off the start of its path. */
export function requestOfEvent(event: unknown, basePath = ''): LambdaRequest | null {
  const format = formatOf(event)
  if (format === null) return null
  const request = format === 'v2' ? fromV2(event as ApiGatewayV2Event) : fromV1OrAlb(event as ApiGatewayV1Event | AlbEvent, format)
  if (basePath !== '') request.init.url = withoutPrefix(request.init.url, basePath)
  return request
}

const textTypes = /^(text\/|application\/(json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql|ld\+json|problem\+json|problem\+xml|x-ndjson|yaml|x-yaml|toml|sql)\b|[^;]*\+(json|xml|yaml)\b|image\/svg\+xml)/i

/** Text when its type is text-like and not content-encoded (gzip is bytes); else base64. */
function isTextBody(contentType: string | undefined, contentEncoding: string | undefined): boolean {
  if (contentEncoding !== undefined && contentEncoding !== '' && contentEncoding !== 'identity') return false
  return contentType === undefined || textTypes.test(contentType)
}

function listOf(value: OutgoingValue): string[] {
  return Array.isArray(value) ? value.map(String) : [String(value)]
}

export function resultOf(request: LambdaRequest, statusCode: number, statusMessage: string, headers: Record<string, OutgoingValue | undefined>, body: Buffer): LambdaHttpResult {
  const type = headers['content-type']
  const encoding = headers['content-encoding']
  const text = isTextBody(type === undefined ? undefined : String(type), encoding === undefined ? undefined : String(encoding))
  const result: LambdaHttpResult = { statusCode, body: body.toString(text ? 'utf8' : 'base64'), isBase64Encoded: !text }
  if (request.format === 'alb') result.statusDescription = `${statusCode} ${statusMessage}`
  if (request.multiValue) {
    const multi: Record<string, string[]> = {}
    for (const name of Object.keys(headers)) if (headers[name] !== undefined && !isLeftOut(name)) multi[name] = listOf(headers[name] as OutgoingValue)
    result.multiValueHeaders = multi
    return result
  }
  const single: Record<string, string> = {}
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (value === undefined || isLeftOut(name)) continue
    if (name === 'set-cookie' && request.format === 'v2') result.cookies = listOf(value)
    // a list in a single-value header: `set-cookie` keeps the last, which is all one header can hold
    else single[name] = name === 'set-cookie' ? listOf(value).at(-1) as string : listOf(value).join(', ')
  }
  result.headers = single
  return result
}
