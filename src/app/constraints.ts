/**
 * @module app/constraints
 * Route constraints beyond method and URL: `addConstraintStrategy` and `hasConstraintStrategy`.
 */
import type { Context } from '../model/context.js'
import { codes } from '../core/errors.js'
import { kRoot } from '../core/symbols.js'
import type { RootState } from '../model/root-state.js'
import type { ConstraintStrategy } from '../types/index.js'

function assertStrategy(strategy: unknown): asserts strategy is ConstraintStrategy {
  if (strategy === null || typeof strategy !== 'object') throw new codes.SVC_ERR_CONSTRAINT_STRATEGY_INVALID(`expected an object, got ${String(strategy)}`)
  const { name, storage, deriveConstraint } = strategy as Partial<ConstraintStrategy>
  if (typeof name !== 'string' || name === '') throw new codes.SVC_ERR_CONSTRAINT_STRATEGY_INVALID('name must be a non-empty string')
  if (typeof storage !== 'function') throw new codes.SVC_ERR_CONSTRAINT_STRATEGY_INVALID(`'${name}' needs a storage function`)
  if (typeof deriveConstraint !== 'function') throw new codes.SVC_ERR_CONSTRAINT_STRATEGY_INVALID(`'${name}' needs a deriveConstraint function`)
}

export function addConstraintStrategy(this: Context, strategy: ConstraintStrategy): Context {
  const root: RootState = this[kRoot]
  root.assertNotStarted('addConstraintStrategy')
  assertStrategy(strategy)
  root.router.addConstraintStrategy(strategy as Parameters<RootState['router']['addConstraintStrategy']>[0])
  return this
}

export function hasConstraintStrategy(this: Context, name: string): boolean {
  return (this[kRoot] as RootState).router.hasConstraintStrategy(name)
}
