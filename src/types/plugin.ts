/**
 * @module types/plugin
 * Plugin types: what a plugin is, what it requires from the instance it is registered on, and what it adds to
 * it.
 */

import type { kShared } from './brand.js'
import type { AnyWarren, Warren } from './instance.js'
import type { PluginMeta } from './register.js'
import type { Done } from './util.js'

/** A plugin function: async `(instance, opts) => …` or callback-style `(instance, opts, done) => void`. */
export type PluginFunction<I extends AnyWarren = Warren, O = {}, R = unknown> = (instance: I, opts: O, done: Done) => R

/** A plugin marked as shared: registering it does not create a context, so what it adds reaches the parent. */
export type SharedPlugin<F> = F & { readonly [kShared]: true }

/* ---------- plugin() ---------- */

/** The `plugin(fn, meta?)` helper: marks `fn` as shared (not encapsulated) unless `meta.encapsulate` is `true`, and returns it. */
export interface PluginHelper {
  /**
   * Curried form, to state what the plugin requires from the instance it is registered on while its options and additions are
   * still inferred: `plugin<{ db: Db }>()(async (app) => app.decorate('repo', makeRepo(app.db)))`.
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
