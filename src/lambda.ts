/**
 * @module warren/lambda
 * An application as an AWS Lambda handler: API Gateway REST API and HTTP API events, function
 * URLs and ALB requests go through the same pipeline as a socket request and come back in their
 * own format. `lambda(app)` returns the whole response; `streamingLambda(app)` streams it, for
 * `awslambda.streamifyResponse`.
 */
import { kRoot } from './core/symbols.js'
import { serveLambdaEvent, streamLambdaEvent } from './in-process/lambda.js'
import type { RootState } from './model/root-state.js'
import type { LambdaHandler, LambdaStreamingHandler } from './types/lambda.js'

export type * from './types/lambda.js'

/** Anything with an application's `ready()` (the root instance, or any of its contexts). */
interface ReadyApp {
  ready(): PromiseLike<unknown>
}

function rootOf(app: ReadyApp): RootState {
  const root = (app as unknown as Record<symbol, RootState | undefined>)[kRoot]
  if (root === undefined) throw new TypeError('lambda(): expected a warren application')
  return root
}

/** Resolves once the application is ready: at once after the first time. */
function whenReady(root: RootState): Promise<unknown> | null {
  return root.booted ? null : Promise.resolve(root.app.ready())
}

/**
 * A Lambda handler serving `app`: `export const handler = lambda(app)`. It readies the
 * application on its first event (call `await app.ready()` at the top of the module to have that
 * done in Lambda's init phase instead).
 *
 * @example
 * ```ts
 * import warren from 'warren'
 * import { lambda } from 'warren/lambda'
 * const app = warren()
 * app.get('/hello', async () => ({ hello: 'world' }))
 * export const handler = lambda(app)
 * ```
 */
export function lambda(app: ReadyApp): LambdaHandler {
  const root = rootOf(app)
  return async (event, context) => {
    await whenReady(root)
    return serveLambdaEvent(root, event, context)
  }
}

/**
 * A streaming Lambda handler serving `app`, to wrap with Lambda's `awslambda.streamifyResponse`:
 * the response's head goes out first, then its body as the application writes it (for function
 * URLs and API Gateway integrations that stream).
 *
 * @example
 * ```ts
 * import warren from 'warren'
 * import { streamingLambda } from 'warren/lambda'
 * declare const awslambda: { streamifyResponse<T>(handler: T): T }
 * const app = warren()
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
