/**
 * @module app/constraints
 * Route constraints beyond method and URL: `addConstraintStrategy` teaches the router a new one
 * (find-my-way's constraint strategies; `version` and `host` are built in) and
 * `hasConstraintStrategy` asks whether one is in play.
 */
import type { Context } from '../model/context.js'
import { codes } from '../core/errors.js'
import { kRoot } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import type { ConstraintStrategy } from '../types/index.js'

/** The shape find-my-way needs; what it checks itself (a name already taken) it reports in its own words. */
function assertStrategy(strategy: unknown): asserts strategy is ConstraintStrategy {
  if (strategy === null || typeof strategy !== 'object') throw new codes.SVC_ERR_CONSTRAINT_STRATEGY_INVALID(`expected an object, got ${String(strategy)}`)
  const { name, storage, deriveConstraint } = strategy as Partial<ConstraintStrategy>
  if (typeof name !== 'string' || name === '') throw new codes.SVC_ERR_CONSTRAINT_STRATEGY_INVALID('name must be a non-empty string')
  if (typeof storage !== 'function') throw new codes.SVC_ERR_CONSTRAINT_STRATEGY_INVALID(`'${name}' needs a storage function`)
  if (typeof deriveConstraint !== 'function') throw new codes.SVC_ERR_CONSTRAINT_STRATEGY_INVALID(`'${name}' needs a deriveConstraint function`)
}

/**
 * `addConstraintStrategy(strategy)`: routes of the whole application may then be declared with
 * `constraints: { [strategy.name]: value }`, and a request reaches them when the value the strategy
 * derives from it matches. It replaces a built-in strategy (`version`, `host`) only while no route
 * uses that one; a name already added throws.
 *
 * @example
 * app.addConstraintStrategy({
 *   name: 'tenant',
 *   storage: () => { const stores = new Map(); return { get: (t) => stores.get(t) ?? null, set: (t, s) => stores.set(t, s) } },
 *   deriveConstraint: (req) => req.headers['x-tenant'],
 * })
 * app.get('/', { constraints: { tenant: 'acme' } }, async () => 'acme only')
 */
export function addConstraintStrategy(this: Context, strategy: ConstraintStrategy): Context {
  const root: RootState = this[kRoot]
  root.assertNotStarted('addConstraintStrategy')
  assertStrategy(strategy)
  root.router.addConstraintStrategy(strategy as Parameters<RootState['router']['addConstraintStrategy']>[0])
  return this
}

/**
 * `hasConstraintStrategy(name)`: true for a strategy added (by the factory's `constraints` or
 * `addConstraintStrategy`), and for a built-in one (`version`, `host`) once a route uses it.
 */
export function hasConstraintStrategy(this: Context, name: string): boolean {
  return (this[kRoot] as RootState).router.hasConstraintStrategy(name)
}
