/**
 * @module app/plugin
 * Plugins and contexts: `plugin()`, the checks a plugin's metadata asks for (Fastify API level,
 * decorators, dependencies), and the child context a plain plugin gets (avvio's override).
 */
import type { Context } from '../model/context.js'
import semver from 'semver'
import { codes } from '../core/errors.js'
import { mergeLogSerializers } from '../core/logger.js'
import { FASTIFY_API_LEVEL, VERSION } from '../core/version.js'
import { deriveHooks } from '../hooks/store.js'
import { deriveRequestClass } from '../model/request.js'
import { deriveReplyClass } from '../model/reply.js'
import { ParserRegistry } from '../content-type/registry.js'
import { SchemaCompilers } from '../schema/compilers.js'
import { ServedReply } from '../serve/reply.js'
import type { PluginMeta } from '../types/index.js'
import { hasReplyDecorator, hasRequestDecorator } from './decorate.js'
import {
  kChildren,
  kDisplayName,
  kHooks,
  kLogLevel,
  kLogSerializers,
  kParsers,
  kPluginMeta,
  kPluginNames,
  kPrefix,
  kRegisteredPlugins,
  kReplyClass,
  kRequestClass,
  kRoot,
  kSchemaCompilers,
  kSkipOverride,
} from '../core/symbols.js'

export { FASTIFY_API_LEVEL } from '../core/version.js'

/** A plugin function as the loader gets it, with the marks `plugin()` (or fastify-plugin) put on it. */
interface PluginFn extends Function {
  [kSkipOverride]?: boolean
  [kPluginMeta]?: PluginMeta
  [kDisplayName]?: string
}

/**
 * The encapsulation-breaking wrapper: the plugin's decorators, hooks and routes are registered in
 * the context that registers it, not in a child. Plain plugins it registers still get their own
 * contexts. Called without arguments it returns itself, for the
 * typed curried form `plugin<{ db: Db }>()(fn)`.
 *
 * @example
 * const db = plugin(async (app) => app.decorate('db', connect()), { name: 'db' })
 */
export function plugin(fn?: PluginFn, meta: PluginMeta = {}): PluginFn {
  if (fn === undefined) return plugin
  if (typeof fn !== 'function') throw new codes.SVC_ERR_PLUGIN_INVALID(typeof fn)
  fn[kSkipOverride] = meta.encapsulate !== true
  fn[kPluginMeta] = meta
  if (meta.name) fn[kDisplayName] = meta.name
  return fn
}

/**
 * A plugin's name: its metadata name, its display name, its function name, else the first two
 * lines of its source (`function (app, opts, done) { -- // what it does`),
 * so a timeout or `printPlugins` still points at the right function.
 */
function pluginName(fn: PluginFn): string {
  return fn[kPluginMeta]?.name ?? fn[kDisplayName] ?? (fn.name || sourceHead(fn))
}

function sourceHead(fn: Function): string {
  return String(fn).split('\n').slice(0, 2).map((line) => line.trim()).join(' -- ')
}

/**
 * Checks a plugin's `fastify` range against the Fastify API level; an instance that presents a
 * version of its own (`Object.defineProperty(app, 'version', …)`, as Fastify's tests do to play
 * another release) is checked as that version. A pre-release counts as its release (`99.0.0-rc.1`
 * satisfies `99.x`), and also loads plugins written for the releases before it
 * (`^98.x`): plugin authors test against a release candidate before they update their range.
 */
function checkVersion(parent: Context, meta: PluginMeta, name: string): void {
  const range = meta.fastify
  if (typeof range !== 'string') return
  const presented: unknown = parent.version
  const level = typeof presented === 'string' && presented !== VERSION ? presented : FASTIFY_API_LEVEL
  const release = semver.coerce(level)?.version ?? level
  const required = semver.coerce(range)?.version
  if (/-(?:rc|pre|alpha)/.test(level) && required !== undefined && semver.gt(level, required)) return
  if (!semver.satisfies(release, range, { includePrerelease: true })) {
    throw new codes.SVC_ERR_PLUGIN_VERSION_MISMATCH(name, range, level)
  }
}

/** Throws when a decorator `meta.decorators` lists is missing where the plugin is registered (naming the plugin if it has a name). */
function checkDecorators(parent: Context, meta: PluginMeta): void {
  const required = meta.decorators
  if (!required) return
  const requiredBy = typeof meta.name === 'string' ? ` required by '${meta.name}'` : ''
  const check = (names: readonly (string | symbol)[] | undefined, has: (name: string | symbol) => boolean, where: string) => {
    for (const decorator of names ?? []) {
      if (!has(decorator)) throw new codes.SVC_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE(String(decorator), requiredBy, where)
    }
  }
  check([...(required.instance ?? []), ...(required.fastify ?? [])], (decorator) => decorator in parent, 'Instance')
  check(required.request, (decorator) => hasRequestDecorator.call(parent, decorator), 'Request')
  check(required.reply, (decorator) => hasReplyDecorator.call(parent, decorator), 'Reply')
}

function checkDependencies(parent: Context, meta: PluginMeta, name: string): void {
  for (const dependency of meta.dependencies ?? []) {
    if (!parent[kRegisteredPlugins].includes(dependency)) throw new codes.SVC_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED(dependency, name)
  }
}

/**
 * A child's prefix: the parent's and its own joined by exactly one slash. A trailing slash is kept
 * (routes under `/v1/` do not answer `/v1`); `'/'` adds nothing.
 */
function joinPrefix(parent: string, prefix: unknown): string {
  if (typeof prefix !== 'string' || prefix === '' || prefix === '/') return parent
  if (parent.endsWith('/')) return parent + (prefix.startsWith('/') ? prefix.slice(1) : prefix)
  return parent + (prefix.startsWith('/') ? prefix : '/' + prefix)
}

/**
 * avvio's override: called as each plugin starts loading. Checks the plugin's metadata, then
 * gives it its own child context — unless it is wrapped with {@link plugin}.
 */
export function overrideContext(parent: Context, fn: PluginFn, opts: Record<string, unknown> = {}): Context {
  const meta: PluginMeta = fn[kPluginMeta] ?? {}
  const name = pluginName(fn)
  if (fn.constructor?.name === 'AsyncFunction' && fn.length >= 3) throw new codes.SVC_ERR_PLUGIN_INVALID_ASYNC_HANDLER(name)
  checkVersion(parent, meta, name)
  checkDecorators(parent, meta)
  checkDependencies(parent, meta, name)
  if (meta.name) parent[kRegisteredPlugins].push(meta.name)
  if (fn[kSkipOverride]) {
    parent[kPluginNames].push(name)
    return parent
  }
  return createChildContext(parent, name, opts)
}

/** What a new context holds of its own from the start, besides what {@link initContext} derives. */
export interface ContextOwn {
  parsers: ParserRegistry
  schemaCompilers: SchemaCompilers
  prefix: string
  pluginName: string
}

/**
 * Gives a new context (the root, whose parent is null, or a plugin's child) the state every
 * context carries: hook lists, request and reply classes (a child's derived from its parent's,
 * so decorators and hooks flow down, never up), parsers, schema settings, prefix and plugin records.
 */
export function initContext(context: Context, parent: Context | null, own: ContextOwn): void {
  context[kChildren] = []
  context[kHooks] = deriveHooks(parent === null ? null : parent[kHooks])
  context[kRequestClass] = deriveRequestClass(parent === null ? null : parent[kRequestClass])
  context[kReplyClass] = deriveReplyClass(parent === null ? null : parent[kReplyClass], ServedReply)
  context[kParsers] = own.parsers
  context[kSchemaCompilers] = own.schemaCompilers
  context[kPrefix] = own.prefix
  context[kRegisteredPlugins] = parent === null ? [] : parent[kRegisteredPlugins].slice()
  context[kPluginNames] = [own.pluginName]
}

function createChildContext(parent: Context, name: string, opts: Record<string, unknown>): Context {
  const child = Object.create(parent)
  parent[kChildren].push(child)
  initContext(child, parent, {
    parsers: new ParserRegistry(parent[kParsers]),
    schemaCompilers: new SchemaCompilers(parent[kRoot].compilers, parent[kSchemaCompilers]),
    prefix: joinPrefix(parent[kPrefix], opts.prefix),
    pluginName: name,
  })
  if (typeof opts.logLevel === 'string') {
    child[kLogLevel] = opts.logLevel
    child.log = parent.log.child({}, { level: opts.logLevel })
  }
  // inherited by the context's children; its routes' request loggers use them
  if (opts.logSerializers !== undefined) child[kLogSerializers] = mergeLogSerializers(parent[kLogSerializers] ?? null, opts.logSerializers)
  for (const hook of child[kHooks].onRegister) hook.call(child, child, opts)
  return child
}
