/**
 * @module types/lambda
 * The AWS Lambda events `warren/lambda` serves and the results it returns: API Gateway payload formats 1.0 and 2.0 (HTTP APIs, function URLs), and ALB.
 */

type Single = Record<string, string | undefined> | null | undefined
type Multi = Record<string, string[] | undefined> | null | undefined

/** What the 1.0 format and ALB events share: the method and path apart, headers and query in single- and multi-value forms. */
interface MethodAndPathEvent {
  httpMethod: string
  path: string
  headers?: Single
  multiValueHeaders?: Multi
  queryStringParameters?: Single
  multiValueQueryStringParameters?: Multi
  body?: string | null
  isBase64Encoded?: boolean
  [key: string]: unknown
}

export interface ApiGatewayV1Event extends MethodAndPathEvent {
  version?: '1.0'
  requestContext: { identity?: { sourceIp?: string }; path?: string; protocol?: string; [key: string]: unknown }
}

export interface ApiGatewayV2Event {
  version: '2.0'
  rawPath: string
  rawQueryString?: string
  cookies?: string[]
  headers?: Single
  body?: string
  isBase64Encoded?: boolean
  requestContext: { http: { method: string; path?: string; sourceIp?: string; protocol?: string }; stage?: string; [key: string]: unknown }
  [key: string]: unknown
}

/** An Application Load Balancer event (with multi-value headers on the target group or not). */
export interface AlbEvent extends MethodAndPathEvent {
  requestContext: { elb: { targetGroupArn: string } }
}

export type LambdaHttpEvent = ApiGatewayV1Event | ApiGatewayV2Event | AlbEvent

/** What the handler returns: the fields of the format the event came in (`cookies` for 2.0, `multiValueHeaders` where the event had them, `statusDescription` for ALB). */
export interface LambdaHttpResult {
  statusCode: number
  statusDescription?: string
  headers?: Record<string, string>
  multiValueHeaders?: Record<string, string[]>
  cookies?: string[]
  body: string
  isBase64Encoded: boolean
}

/** The Lambda context, as far as warren reads it (its request id names the request's log lines). */
export interface LambdaContext {
  awsRequestId?: string
  [key: string]: unknown
}

/** Options of `lambda(app, options)` and `streamingLambda(app, options)`. */
export interface LambdaOptions {
  /**
   * A path prefix the events carry and the routes do not: a custom domain's API mapping
   * (`basePath: '/v1'` serves `/v1/items` as `/items`). An HTTP API's named stage is taken off by itself.
   */
  basePath?: string
}

/** A buffered Lambda handler: `export const handler = lambda(app)`. */
export type LambdaHandler = (event: LambdaHttpEvent, context?: LambdaContext) => Promise<LambdaHttpResult>

/** The stream Lambda's response streaming gives a handler (what `awslambda.streamifyResponse` passes). */
export interface LambdaResponseStream {
  write(chunk: Uint8Array | string): boolean
  end(chunk?: Uint8Array | string): void
  on(event: string, listener: (...args: any[]) => void): unknown
  once(event: string, listener: (...args: any[]) => void): unknown
  [key: string]: unknown
}

/** A streaming Lambda handler, for `awslambda.streamifyResponse(streamingLambda(app))`. */
export type LambdaStreamingHandler = (event: LambdaHttpEvent, responseStream: LambdaResponseStream, context?: LambdaContext) => Promise<void>
