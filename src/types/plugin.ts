/**
 * Plugin types: what a plugin is, what it requires from the instance it is registered on,
 * and what it adds to it.
 *
 * A plugin tells the type layer what it adds by returning its (decorated) instance. A shared
 * plugin (`plugin(fn)`) adds that to its parent; an encapsulated one adds nothing. A plugin whose
 * instance parameter has decorations can only be registered where they exist.
 *
 * @packageDocumentation
 */
import type { kContext, kShared } from './brand.js'
import type { AnyWarren, ContextShape, Warren } from './instance.js'
import type { Done, Flatten } from './util.js'

/** A plugin function: async `(instance, opts) => …` or callback-style `(instance, opts, done) => void`. */
export type PluginFunction<I extends AnyWarren = Warren, O = {}, R = unknown> = (instance: I, opts: O, done: Done) => R

/** A plugin marked as shared: registering it does not create a context, so what it adds reaches the parent. */
export type SharedPlugin<F> = F & { readonly [kShared]: true }

/** Options every `register` call accepts besides the plugin's own. */
export interface RegisterOptions {
  /** Prefix for the routes the plugin declares. */
  prefix?: string
  /** Log level for the plugin's routes. */
  logLevel?: string
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

/** The context an instance type carries (`never` for a type that is not an instance). */
export type ContextOf<I> = I extends { readonly [kContext]: infer C extends ContextShape } ? C : never

/**
 * The `this` type `register` demands: anything (`unknown`) when the instance has what the
 * plugin's instance parameter `I` asks for, otherwise a message naming what is missing.
 */
export type RegisterCheck<Have extends ContextShape, I> = [ContextOf<I>] extends [never]
  ? unknown
  : [Problems<Have, ContextOf<I>>] extends [never]
    ? unknown
    : `Plugin cannot be registered here: ${Problems<Have, ContextOf<I>>}`

/** `register`'s options argument: required when the plugin's options have a required key. */
export type RegisterArgs<O> = {} extends O ? [opts?: O & RegisterOptions] : [opts: O & RegisterOptions]

/* ---------- register: result ---------- */

/** Merges the additions of a plugin's returned instance into the parent's context. */
type MergeContext<A extends ContextShape, B extends ContextShape, Fallback> = [B] extends [never]
  ? Fallback
  : Warren<Flatten<A['d'] & B['d']>, Flatten<A['rq'] & B['rq']>, Flatten<A['rp'] & B['rp']>, Flatten<A['s'] & B['s']>>

/**
 * What `register` returns: for a shared plugin, the parent widened with what the instance the
 * plugin returns (awaited) carries; for an encapsulated one, the parent unchanged.
 */
export type RegisterResult<This, B, R> = B extends { readonly [kShared]: true }
  ? MergeContext<ContextOf<This>, ContextOf<Awaited<R>>, This>
  : This

/* ---------- plugin() ---------- */

/**
 * The `plugin(fn, meta?)` helper: marks `fn` as shared (not encapsulated) unless
 * `meta.encapsulate` is `true`, and returns it.
 */
export interface PluginHelper {
  /**
   * Curried form, to state what the plugin requires from the instance it is registered on while
   * its options and additions are still inferred:
   * `plugin<{ db: Db }>()(async (app) => app.decorate('repo', makeRepo(app.db)))`.
   * `Req`: instance decorators, `ReqRq`: request decorators, `ReqRp`: reply decorators required.
   */
  <Req extends object, ReqRq extends object = {}, ReqRp extends object = {}>(): PluginWrapper<Warren<Req, ReqRq, ReqRp>>
  /** An encapsulated plugin with metadata: registering it adds nothing to the parent. */
  <I extends AnyWarren = Warren, O = {}, R = unknown>(
    fn: (instance: I, opts: O, done: Done) => R,
    meta: PluginMeta & { encapsulate: true },
  ): (instance: I, opts: O, done: Done) => R
  /** A shared plugin: what the instance it returns carries is added to the instance it is registered on. */
  <I extends AnyWarren = Warren, O = {}, R = unknown>(
    fn: (instance: I, opts: O, done: Done) => R,
    meta?: PluginMeta & { encapsulate?: false },
  ): SharedPlugin<(instance: I, opts: O, done: Done) => R>
}

/** The second stage of the curried `plugin<Req>()`: wraps a plugin whose instance is `I`. */
export interface PluginWrapper<I extends AnyWarren> {
  /** An encapsulated plugin with metadata. */
  <O = {}, R = unknown>(fn: (instance: I, opts: O, done: Done) => R, meta: PluginMeta & { encapsulate: true }): (
    instance: I,
    opts: O,
    done: Done,
  ) => R
  /** A shared plugin. */
  <O = {}, R = unknown>(
    fn: (instance: I, opts: O, done: Done) => R,
    meta?: PluginMeta & { encapsulate?: false },
  ): SharedPlugin<(instance: I, opts: O, done: Done) => R>
}
