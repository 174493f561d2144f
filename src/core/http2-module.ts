/**
 * @module core/http2-module
 * node:http2, loaded when an application serves HTTP/2 (the `http2` option) rather than when
 * warren is imported: Node compiles the built-in on its first load, a few milliseconds of every
 * import otherwise. Built-ins are the only modules loaded this way: a package warren needs is
 * imported, so that a bundler (esbuild, rolldown) sees it and an application bundled into one
 * file finds it (it cannot follow a `require` made at run time).
 */
import type * as Http2 from 'node:http2'

/** node:http2 (Node's own module cache answers after the first call). */
export function http2Module(): typeof Http2 {
  return process.getBuiltinModule('node:http2')
}
