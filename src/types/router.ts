/**
 * @module types/router
 * The router's part of the public API: the `routerOptions` factory option, `frameworkErrors`, and what
 * `hasRoute`, `findRoute` and `printRoutes` take and give.
 */

import type { IncomingMessage, ServerResponse } from 'node:http'

/** The `routerOptions` factory option: settings of the router (find-my-way). */
export interface RouterOptions {
  /** `/a/` matches `/a` (default `false`). */
  ignoreTrailingSlash?: boolean
  /** `//a` matches `/a` (default `false`). */
  ignoreDuplicateSlashes?: boolean
  /** Paths match case-sensitively (default `true`). */
  caseSensitive?: boolean
  /** Longest path parameter, in characters (default 100); a longer one answers 414 `SVC_ERR_MAX_PARAM_LENGTH`. */
  maxParamLength?: number
  /** Accept regex parameters that may backtrack exponentially (default `false`: such a route is refused). */
  allowUnsafeRegex?: boolean
  /** `;` also starts the query string (`/a;x=1`), default `false`. */
  useSemicolonDelimiter?: boolean
  /** Replaces the query string parser. */
  querystringParser?: (query: string) => Record<string, unknown>
  /** Builds a lookup function per method at start-up (find-my-way's `compile()`), default `false`. */
  compile?: boolean
  /** What `printRoutes({ includeMeta: true })` shows of each route. */
  buildPrettyMeta?: (route: { method: string; path: string; store: unknown }) => Record<string, unknown>
  /** Custom constraint strategies, by name (find-my-way's `constraints`). */
  constraints?: Record<string, unknown>
  /** Replaces warren's answer to a request no route matches (the not-found handlers then never run). */
  defaultRoute?: (req: IncomingMessage, res: ServerResponse) => void
  /** Replaces warren's answer to a URL that cannot be decoded (`SVC_ERR_BAD_URL`). */
  onBadUrl?: (path: string, req: IncomingMessage, res: ServerResponse) => void
  /** Replaces warren's answer to a path parameter longer than `maxParamLength` (`SVC_ERR_MAX_PARAM_LENGTH`). */
  onMaxParamLength?: (path: string, req: IncomingMessage, res: ServerResponse) => void
}

/**
 * The `frameworkErrors` factory option: answers a request the router refused — `SVC_ERR_BAD_URL`, `SVC_ERR_MAX_PARAM_LENGTH` or
 * `SVC_ERR_ASYNC_CONSTRAINT` — with a request and reply of the root.
 */
export type FrameworkErrorsHandler = (error: Error & { code: string; statusCode: number }, request: any, reply: any) => unknown

/** What `hasRoute` and `findRoute` look for: a method and a URL pattern, with the route's constraints if it has some. */
export interface RouteQuery {
  method?: string
  url?: string
  constraints?: Record<string, unknown>
}

/** What `findRoute` answers: a copy of the route's handler, the params the URL gives and its query. */
export interface FoundRoute {
  handler: (...args: any[]) => unknown
  params: Record<string, string | undefined>
  searchParams: Record<string, unknown>
}

/** Options of `printRoutes`. */
export interface PrintRoutesOptions {
  /** Only the routes of this method. */
  method?: string
  /** `false`: one line per route instead of the radix tree (default `true`). */
  commonPrefix?: boolean
  /** Show each route's hooks. */
  includeHooks?: boolean
  /** Show each route's meta (`true`, or the keys to show). */
  includeMeta?: boolean | Array<string | symbol>
}

/**
 * A constraint strategy (`addConstraintStrategy`, the `constraints` factory option): how the router keeps the routes of each
 * constraint value and derives a request's value.
 */
export interface ConstraintStrategy<T = string> {
  /** The key routes name in `constraints: { [name]: value }`. */
  name: string
  /** Keeps the route handlers by constraint value. */
  storage(): {
    get(value: T): unknown
    set(value: T, store: unknown): void
    del?(value: T): void
    empty?(): void
  }
  /** The request's value for this constraint (undefined: none). */
  deriveConstraint(req: IncomingMessage, ctx?: unknown, done?: (error: Error | null, value?: T) => void): T | void
  /** Checks a value a route declares; throws to refuse it. */
  validate?(value: unknown): void
  /** When the request derives a value, only routes with that value match (no unconstrained fallback). */
  mustMatchWhenDerived?: boolean
}

/** A route's `constraints` option: the built-in `version` (semver, from `Accept-Version`) and `host`, and any added strategy's. */
export interface RouteConstraints {
  /** A semver version: the route answers requests whose `Accept-Version` header (a version or range) matches it. */
  version?: string
  /** The host name (or a RegExp of host names) the route answers for. */
  host?: string | RegExp
  [strategy: string]: unknown
}

/** Options of `addHttpMethod`. */
export interface AddHttpMethodOptions {
  /** Requests with this method have a body to parse, and a route may have a body schema (default `false`). */
  hasBody?: boolean
  /** Allow changing `hasBody` of a method already accepted (default `false`: that throws `SVC_ERR_ROUTE_METHOD_EXISTS`). */
  overrideExisting?: boolean
}
