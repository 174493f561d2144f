/**
 * @module types/register
 * What `register` checks: the options every registration accepts, a plugin's metadata, and whether the
 * instance a plugin is registered on has what the plugin's instance parameter asks for.
 */

import type { LogSerializers } from './logger.js'
import type { ContextOf, ContextShape } from './context.js'

/** Options every `register` call accepts besides the plugin's own. */
export interface RegisterOptions<Prefix extends string = string> {
  /** Prefix for the routes the plugin declares. */
  prefix?: Prefix
  /** Log level for the plugin's routes. */
  logLevel?: string
  /**
   * Serializers of this plugin's request loggers, by the key of the logged object (`request.log.info({ user })` logs what `user`
   * returns), over those of the instance's logger and of the plugins it is registered in (its children inherit them).
   */
  logSerializers?: LogSerializers
}

/** Metadata of `plugin(fn, meta)`. */
export interface PluginMeta {
  /** The plugin's name, used in error messages and by other plugins' `dependencies`. */
  name?: string
  /** Names of plugins that must be registered before this one. */
  dependencies?: readonly string[]
  /** Decorators that must exist where the plugin is registered (checked at run time). */
  decorators?: {
    /** Instance decorators. */
    instance?: readonly (string | symbol)[]
    /** Instance decorators (the name `fastify-plugin` uses). */
    fastify?: readonly (string | symbol)[]
    /** Request decorators. */
    request?: readonly (string | symbol)[]
    /** Reply decorators. */
    reply?: readonly (string | symbol)[]
  }
  /** `true` to keep the plugin encapsulated (it then adds nothing to its parent); default `false`. */
  encapsulate?: boolean
  /** The Fastify API level the plugin needs, as a semver range (e.g. `'5.x'`). */
  fastify?: string
}

/* ---------- register: requirements ---------- */

/** Messages for the keys of `Need` that `Have` lacks or has with another type. */
type KeyProblems<Have, Need, What extends string> = {
  [K in keyof Need & string]: K extends keyof Have
    ? Have[K] extends Need[K]
      ? never
      : `${What} '${K}' has an incompatible type`
    : `${What} '${K}' is missing`
}[keyof Need & string]

/** Every way context `H` falls short of context `N`. */
type Problems<H extends ContextShape, N extends ContextShape> =
  | KeyProblems<H['d'], N['d'], 'decorator'>
  | KeyProblems<H['rq'], N['rq'], 'request decorator'>
  | KeyProblems<H['rp'], N['rp'], 'reply decorator'>
  | KeyProblems<H['s'], N['s'], 'shared schema'>

/**
 * The `this` type `register` demands: anything (`unknown`) when the instance has what the plugin's instance parameter `I` asks
 * for, otherwise a message naming what is missing.
 */
export type RegisterCheck<Have extends ContextShape, I> = [ContextOf<I>] extends [never]
  ? unknown
  : [Problems<Have, ContextOf<I>>] extends [never]
    ? unknown
    : `Plugin cannot be registered here: ${Problems<Have, ContextOf<I>>}`

/** `register`'s options argument: required when the plugin's options have a required key. */
export type RegisterArgs<O, Prefix extends string = string> = {} extends O
  ? [opts?: O & RegisterOptions<Prefix>]
  : [opts: O & RegisterOptions<Prefix>]
