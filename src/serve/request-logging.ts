/**
 * @module serve/request-logging
 * Whether warren writes its own log lines about a request; `disableRequestLogging` silences them all,
 * never what the application logs through `request.log`.
 */
import { kRoute } from '../core/symbols.js'
import type { Request } from '../model/request.js'

export function isRequestLogged(request: Request): boolean {
  const root = request[kRoute].root
  return root.logRequests && (root.skipRequestLog === null || !root.skipRequestLog(request))
}
