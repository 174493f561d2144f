/**
 * @module model/router-without-codegen
 * Where code generation is refused (a Worker, `--disallow-code-generation-from-strings`), the
 * functions find-my-way builds with `new Function` are built as closures: same answers, no code.
 */
// the declaration of find-my-way's internal file must reach every program that includes this one
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./find-my-way-internals.d.ts" />
import HandlerStorage from 'find-my-way/lib/handler-storage.js'

let allowed: boolean | undefined

export function codeGenerationAllowed(): boolean {
  if (allowed === undefined) {
    try {
      allowed = typeof new Function('return 1') === 'function'
    } catch {
      allowed = false
    }
  }
  return allowed
}

type CreateParams = (param0: string, param1: string, param2: string, param3: string, extraParams: string[]) => Record<string, string>

/** A prototype-less parameter object, so `__proto__` or `constructor` is only a value. */
const ParamsObject = function ParamsObject() {} as unknown as new () => Record<string, string>
ParamsObject.prototype = Object.create(null) as object

function paramsObjectBuilder(names: readonly string[]): CreateParams {
  const order = [...names]
  return function createParamsObject(param0, param1, param2, param3, extraParams) {
    const params = new ParamsObject()
    const leading = [param0, param1, param2, param3]
    for (let index = 0; index < order.length; index++) params[order[index] as string] = (index < 4 ? leading[index] : extraParams[index - 4]) as string
    return params
  }
}

interface Strategy {
  name: string
  isCustom?: boolean
  mustMatchWhenDerived?: boolean
  deriveConstraint(req: unknown, ctx: unknown): unknown
}

interface Storage {
  handlers: unknown[]
  constraints: string[]
  constrainedHandlerStores: Record<string, { get(value: unknown): number | undefined }> | null
  _buildConstraintStore(store: unknown, constraint: string): void
  _constrainedIndexBitmask(constraint: string): number
  _getHandlerMatchingConstraints(derived: Record<string, unknown>): unknown
}

interface Constrainer {
  strategies: Record<string, Strategy>
  strategiesInUse: Set<string>
  newStoreForConstraint(constraint: string): unknown
  deriveSyncConstraints(req: unknown, ctx: unknown): Record<string, unknown> | undefined
}

/** The handler matching a request's derived constraints, decided as find-my-way does (docs/architecture.md). */
function buildConstraintMatcher(this: Storage, constrainer: Constrainer): void {
  const stores: NonNullable<Storage['constrainedHandlerStores']> = {}
  this.constrainedHandlerStores = stores
  const checks = this.constraints.map((name) => {
    const store = constrainer.newStoreForConstraint(name)
    stores[name] = store as (typeof stores)[string]
    this._buildConstraintStore(store, name)
    return { name, mask: this._constrainedIndexBitmask(name), mustMatch: constrainer.strategies[name]?.mustMatchWhenDerived === true }
  })
  const absentMustMatch = Object.keys(constrainer.strategies).filter((name) => constrainer.strategies[name]?.mustMatchWhenDerived === true && !this.constraints.includes(name))
  const all = (1 << this.handlers.length) - 1
  this._getHandlerMatchingConstraints = function matchingHandler(this: Storage, derived) {
    let candidates = all
    for (const { name, mask, mustMatch } of checks) {
      const value = derived[name]
      if (value === undefined) candidates &= mask
      else {
        const matches = stores[name]?.get(value) ?? 0
        candidates &= mustMatch ? matches : matches | mask
      }
      if (candidates === 0) return null
    }
    for (const name of absentMustMatch) if (derived[name] !== undefined) return null
    return this.handlers[31 - Math.clz32(candidates)]
  }
}

function buildConstraintDeriver(this: Constrainer): void {
  if (this.strategiesInUse.size === 0) return
  const strategies = [...this.strategiesInUse].map((key) => this.strategies[key] as Strategy)
  const derive = (strategy: Strategy, req: { headers: Record<string, unknown> }, ctx: unknown): unknown => {
    if (strategy.isCustom === true) return strategy.deriveConstraint(req, ctx)
    return strategy.name === 'version' ? req.headers['accept-version'] : req.headers.host || req.headers[':authority']
  }
  this.deriveSyncConstraints = (req, ctx) => {
    const derived: Record<string, unknown> = {}
    for (const strategy of strategies) derived[strategy.name] = derive(strategy, req as { headers: Record<string, unknown> }, ctx)
    return derived
  }
}

/** Reads back the prefix matcher find-my-way generates (`path.charCodeAt(i + 1) === 97 && …`) as offsets and codes. */
function prefixMatcher(parameters: string[], body: string): ((path: string, i: number) => boolean) | null {
  if (parameters.join() !== 'path,i') return null
  const expression = /^'use strict'\nreturn (.+)$/s.exec(body)?.[1]
  if (expression === undefined) return null
  const checks: Array<[offset: number, code: number]> = []
  for (const term of expression.split(' && ')) {
    const check = /^path\.charCodeAt\(i \+ (\d+)\) === (\d+)$/.exec(term)
    if (check === null) return null
    checks.push([Number(check[1]), Number(check[2])])
  }
  return function matchPrefix(path, i) {
    for (const [offset, code] of checks) if (path.charCodeAt(i + offset) !== code) return false
    return true
  }
}

/** `Function` while routes are inserted: generated prefix matchers become closures, any other code is refused as the platform would. */
function functionWithoutCodegen(original: FunctionConstructor): FunctionConstructor {
  const stand = function Function(...args: string[]): unknown {
    const body = args.pop() ?? ''
    return prefixMatcher(args, body) ?? Reflect.construct(original, [...args, body])
  }
  stand.prototype = original.prototype
  return stand as unknown as FunctionConstructor
}

let patched = false

/** Builds parameter objects and constraint matchers as closures, for every router of the process (once). */
function patchMatcherBuilders(constrainer: Constrainer): void {
  if (patched) return
  patched = true
  Object.assign(HandlerStorage.prototype, {
    _compileCreateParamsObject: paramsObjectBuilder,
    _compileGetHandlerMatchingConstraints: buildConstraintMatcher,
  })
  Object.assign(Object.getPrototypeOf(constrainer) as object, { _buildDeriveConstraints: buildConstraintDeriver })
}

const inserting = ['on', 'off'] as const

/** Makes a new `router` work where code generation is refused; call it before adding routes. */
export function withoutCodeGeneration<R extends object>(router: R): R {
  if (codeGenerationAllowed()) return router
  const target = router as R & { constrainer: Constrainer } & Record<(typeof inserting)[number], (...args: unknown[]) => unknown>
  patchMatcherBuilders(target.constrainer)
  for (const name of inserting) {
    const insert = target[name]
    target[name] = function insertWithoutCodegen(this: unknown, ...args: unknown[]) {
      const original = globalThis.Function
      globalThis.Function = functionWithoutCodegen(original)
      try {
        return insert.apply(this, args)
      } finally {
        globalThis.Function = original
      }
    }
  }
  return router
}
