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
import { resolveWithItself } from './child-then.js'
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

interface PluginFn extends Function {
  [kSkipOverride]?: boolean
  [kPluginMeta]?: PluginMeta
  [kDisplayName]?: string
}

/** Marks `fn` as sharing its context; called without arguments it returns itself, for the curried typed form. */
export function plugin(fn?: PluginFn, meta: PluginMeta = {}): PluginFn {
  if (fn === undefined) return plugin
  if (typeof fn !== 'function') throw new codes.SVC_ERR_PLUGIN_INVALID(typeof fn)
  fn[kSkipOverride] = meta.encapsulate !== true
  fn[kPluginMeta] = meta
  if (meta.name) fn[kDisplayName] = meta.name
  return fn
}

/** A plugin's name: metadata, display or function name, else its source's first two lines, so a timeout still points at it. */
function pluginName(fn: PluginFn): string {
  return fn[kPluginMeta]?.name ?? fn[kDisplayName] ?? (fn.name || sourceHead(fn))
}

function sourceHead(fn: Function): string {
  return String(fn).split('\n').slice(0, 2).map((line) => line.trim()).join(' -- ')
}

/** Checks a plugin's `fastify` range; a pre-release counts as its release and loads plugins for the ones before it, since authors test a release candidate before they widen their range. */
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

/** Throws when a decorator `meta.decorators` lists is missing where the plugin is registered. */
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

/** The parent's prefix and the child's joined by one slash; a trailing slash is kept, `'/'` adds nothing. */
function joinPrefix(parent: string, prefix: unknown): string {
  if (typeof prefix !== 'string' || prefix === '' || prefix === '/') return parent
  if (parent.endsWith('/')) return parent + (prefix.startsWith('/') ? prefix.slice(1) : prefix)
  return parent + (prefix.startsWith('/') ? prefix : '/' + prefix)
}

/** avvio's override: checks a plugin's metadata, then gives it a child context unless it is wrapped with {@link plugin}. */
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

export interface ContextOwn {
  parsers: ParserRegistry
  schemaCompilers: SchemaCompilers
  prefix: string
  pluginName: string
}

/** Gives a new context its state; a child's request and reply classes derive from its parent's, so decorators flow down, never up. */
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
  resolveWithItself(child, parent)
  parent[kChildren].push(child)
  initContext(child, parent, {
    parsers: new ParserRegistry(parent[kParsers]),
    schemaCompilers: new SchemaCompilers(parent[kRoot].compilers, parent[kSchemaCompilers]),
    prefix: joinPrefix(parent[kPrefix], opts.prefix),
    pluginName: name,
  })
  // the level of the context's requests; the plugin's own `instance.log` keeps its parent's
  if (typeof opts.logLevel === 'string') child[kLogLevel] = opts.logLevel
  if (opts.logSerializers !== undefined) child[kLogSerializers] = mergeLogSerializers(parent[kLogSerializers] ?? null, opts.logSerializers)
  for (const hook of child[kHooks].onRegister) hook.call(child, child, opts)
  return child
}
