/**
 * @module warren/lambda
 * An application as an AWS Lambda handler (API Gateway, function URLs, ALB), whole or streamed.
 */
import { kRoot } from './core/symbols.js'
import { serveLambdaEvent, streamLambdaEvent } from './in-process/lambda.js'
import type { RootState } from './model/root-state.js'
import type { LambdaHandler, LambdaStreamingHandler } from './types/lambda.js'

export type * from './types/lambda.js'

interface ReadyApp {
  ready(): PromiseLike<unknown>
}

function rootOf(app: ReadyApp): RootState {
  const root = (app as unknown as Record<symbol, RootState | undefined>)[kRoot]
  if (root === undefined) throw new TypeError('lambda(): expected a warren application')
  return root
}

function whenReady(root: RootState): Promise<unknown> | null {
  return root.booted ? null : Promise.resolve(root.app.ready())
}

/**
 * A Lambda handler serving `app` (`export const handler = lambda(app)`), readied on its first
 * event; `await app.ready()` at the top of the module does it in Lambda's init phase instead.
 */
export function lambda(app: ReadyApp): LambdaHandler {
  const root = rootOf(app)
  return async (event, context) => {
    await whenReady(root)
    return serveLambdaEvent(root, event, context)
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
export function streamingLambda(app: ReadyApp): LambdaStreamingHandler {
  const root = rootOf(app)
  return async (event, responseStream, context) => {
    await whenReady(root)
    return streamLambdaEvent(root, event, responseStream, context)
  }
}
