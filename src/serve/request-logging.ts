/**
 * @module serve/request-logging
 * Whether warren writes its own log lines about a request: "incoming request", "request
 * completed" / "request errored", the default error handler's line, "Route … not found". As in
 * Fastify 5, `disableRequestLogging` (true, or a function of the request) silences all of them;
 * what the application logs through `request.log` is never affected.
 */
import { kRoute } from '../core/symbols.js'
import type { Request } from '../model/request.js'

/** Whether warren logs about this request (a logger is set and `disableRequestLogging` does not say no). */
export function isRequestLogged(request: Request): boolean {
  const root = request[kRoute].root
  return root.logRequests && (root.skipRequestLog === null || !root.skipRequestLog(request))
}
