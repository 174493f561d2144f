/**
 * @module core/http2-module
 * node:http2, loaded only when an application serves HTTP/2, so that importing warren does not pay
 * for compiling it; built-ins only, since a bundler must see every package import.
 */
import type * as Http2 from 'node:http2'

export function http2Module(): typeof Http2 {
  return process.getBuiltinModule('node:http2')
}
