/**
 * @module warren/lambda
 * An application as an AWS Lambda handler (API Gateway, function URLs, ALB), whole or streamed.
 */
import { kRoot } from './core/symbols.js'
import { serveLambdaEvent, streamLambdaEvent } from './in-process/lambda.js'
import type { RootState } from './model/root-state.js'
import type { LambdaHandler, LambdaOptions, LambdaStreamingHandler } from './types/lambda.js'

export type * from './types/lambda.js'

interface ReadyApp {
  ready(): PromiseLike<unknown>
}

function rootOf(app: ReadyApp): RootState {
  const root = (app as unknown as Record<symbol, RootState | undefined>)[kRoot]
  if (root === undefined) throw new TypeError('lambda(): expected a warren application')
  return root
}

/** The base path as a prefix to take off: leading slash, no trailing one (`''` for none). */
function basePathOf(options: LambdaOptions | undefined): string {
  const base = options?.basePath ?? ''
  if (typeof base !== 'string' || (base !== '' && !base.startsWith('/'))) throw new TypeError(`lambda(): basePath must be a path starting with '/' (got ${JSON.stringify(base)})`)
  return base.replace(/\/+$/, '')
}

function whenReady(root: RootState): Promise<unknown> | null {
  return root.booted ? null : Promise.resolve(root.app.ready())
}

/**
 * A Lambda handler serving `app` (`export const handler = lambda(app)`), readied on its first
 * event; `await app.ready()` at the top of the module does it in Lambda's init phase instead.
 * An HTTP API's named stage is taken off the path; `basePath` takes off a custom domain's mapping.
 */
export function lambda(app: ReadyApp, options?: LambdaOptions): LambdaHandler {
  const root = rootOf(app)
  const basePath = basePathOf(options)
  return async (event, context) => {
    await whenReady(root)
    return serveLambdaEvent(root, event, context, basePath)
  }
}

/**
 * A streaming Lambda handler serving `app`, to wrap with `awslambda.streamifyResponse`: the head
 * goes out first, then the body as the application writes it.
 *
 * @example
 * ```ts
 * export const handler = awslambda.streamifyResponse(streamingLambda(app))
 * ```
 */
export function streamingLambda(app: ReadyApp, options?: LambdaOptions): LambdaStreamingHandler {
  const root = rootOf(app)
  const basePath = basePathOf(options)
  return async (event, responseStream, context) => {
    await whenReady(root)
    return streamLambdaEvent(root, event, responseStream, context, basePath)
  }
}
