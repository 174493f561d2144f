/**
 * @module schema/standard-pass
 * A Standard Schema library's own validation: its output replaces the part, its issues become
 * Ajv-shaped error items, and a library out of contract is a coded 500.
 */
import { codes } from '../core/errors.js'
import { isThenable } from '../core/is-thenable.js'
import { kAjvValidator } from '../core/symbols.js'
import type { SerializerFunction, ValidationErrorItem, ValidationFunction } from '../types/index.js'
import type { StandardForm } from './standard-schema.js'
import { isLiteralObject } from './normalize.js'

export interface SchemaSite {
  part: string
  method: string
  url: string
}

export type PassVerdict = { value: unknown } | { error: ValidationErrorItem[] }

export type LibraryPass = (value: unknown) => PassVerdict | Promise<PassVerdict>

/** Marks a validator whose async result is a verdict (a rejection is the library failing, a 500). */
export const kLibraryPass = Symbol('warren.libraryPass')

function messageOf(thrown: unknown): string {
  return thrown instanceof Error ? thrown.message : String(thrown)
}

function libraryFailure(site: SchemaSite, what: string, cause?: unknown): Error {
  const error = new codes.SVC_ERR_SCH_STANDARD_VALIDATE(site.part, site.method, site.url, what)
  if (cause !== undefined) error.cause = cause
  return error
}

interface Issue {
  message: string
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>
  code?: unknown
  /** Zod's `unrecognized_keys` names the keys here, its path being the object's. */
  keys?: unknown
}

function isIssue(issue: unknown): issue is Issue {
  if (issue === null || typeof issue !== 'object') return false
  const { message, path } = issue as Partial<Issue>
  return typeof message === 'string' && (path === undefined || Array.isArray(path))
}

function pointerOf(path: Issue['path']): string {
  let pointer = ''
  for (const segment of path ?? []) {
    const key = segment !== null && typeof segment === 'object' ? segment.key : segment
    const token = typeof key === 'symbol' ? (key.description ?? '') : String(key)
    pointer += '/' + token.replace(/~/g, '~0').replace(/\//g, '~1')
  }
  return pointer
}

/** The issue's path, down to the one unknown key it is about when the library puts that beside the path (Zod), as the other libraries do. */
function pathOf(issue: Issue): Issue['path'] {
  const keys = issue.keys
  if (issue.code !== 'unrecognized_keys' || !Array.isArray(keys) || keys.length !== 1 || typeof keys[0] !== 'string') return issue.path
  return [...(issue.path ?? []), keys[0]]
}

function itemOf(issue: Issue, vendor: string): ValidationErrorItem {
  return {
    keyword: vendor,
    instancePath: pointerOf(pathOf(issue)),
    schemaPath: '#/~standard',
    params: typeof issue.code === 'string' ? { code: issue.code } : {},
    message: issue.message,
  }
}

/** `{ value }` when `issues` is falsy, else its issues; anything else is the library's fault. */
function readResult(result: unknown, vendor: string, site: SchemaSite): PassVerdict {
  if (result === null || typeof result !== 'object') throw libraryFailure(site, `returned ${result === null ? 'null' : typeof result}, not a result with value or issues`)
  const { issues } = result as { issues?: unknown }
  if (!issues) {
    if (!('value' in result)) throw libraryFailure(site, 'returned a result with neither value nor issues')
    return { value: (result as { value: unknown }).value }
  }
  if (!Array.isArray(issues) || issues.length === 0 || !issues.every(isIssue)) {
    throw libraryFailure(site, 'returned issues that are not a list of { message, path? }')
  }
  return { error: issues.map((issue) => itemOf(issue, vendor)) }
}

export function libraryPass(form: StandardForm, site: SchemaSite): LibraryPass {
  const validate = form.validate!
  const vendor = form.vendor
  return (value) => {
    let result: unknown
    try {
      result = validate(value)
    } catch (thrown) {
      throw libraryFailure(site, `threw: ${messageOf(thrown)}`, thrown)
    }
    if (!isThenable(result)) return readResult(result, vendor, site)
    return Promise.resolve(result).then(
      (settled) => readResult(settled, vendor, site),
      (thrown: unknown) => {
        throw libraryFailure(site, `rejected: ${messageOf(thrown)}`, thrown)
      },
    )
  }
}

interface DataContext {
  parentData: Record<string, unknown>
  parentDataProperty: string
}

/** The library's output over the request's headers, which other code reads whole. */
function mergedHeaders(headers: unknown, verdict: PassVerdict): PassVerdict {
  if ('error' in verdict) return verdict
  const output = verdict.value
  if (output !== null && typeof output === 'object' && output !== headers) Object.assign(headers as object, output)
  return { value: headers }
}

/** The compiled validator (null: the library alone), then the library pass; `merge` writes headers over the part. */
export function withLibraryPass(compiled: ValidationFunction | null, pass: LibraryPass, merge: boolean): ValidationFunction {
  const combined = ((data: unknown, dataContext?: DataContext) => {
    if (compiled !== null) {
      const valid = dataContext === undefined ? compiled(data) : (compiled as (data: unknown, context: DataContext) => unknown)(data, dataContext)
      if (valid === false) {
        combined.errors = compiled.errors
        return false
      }
      const written = dataContext?.parentData[dataContext.parentDataProperty]
      if (written !== undefined) data = written
    }
    const verdict = pass(data)
    if (!merge) return verdict
    return isThenable(verdict) ? Promise.resolve(verdict).then((settled) => mergedHeaders(data, settled)) : mergedHeaders(data, verdict)
  }) as ValidationFunction
  Object.defineProperty(combined, kLibraryPass, { value: true })
  if (compiled !== null && (kAjvValidator in compiled || 'schemaEnv' in compiled)) Object.defineProperty(combined, kAjvValidator, { value: true })
  return combined
}

/**
 * A response serialized from the library's output; a refused payload is a 500, and an async schema
 * cannot be awaited. A payload refused while it holds properties set to `undefined` is checked
 * again without them, as JSON carries it: a library with exact optional keys (ArkType) refuses
 * `{ due: undefined }` for `'due?'`, which JSON writes as `{}` and the route's type allows.
 */
export function serializeAfterPass(pass: LibraryPass, serialize: (value: unknown) => string, site: SchemaSite): SerializerFunction {
  const settle = (payload: unknown): PassVerdict => {
    const verdict = pass(payload)
    if (!isThenable(verdict)) return verdict
    Promise.resolve(verdict).catch(() => {})
    throw libraryFailure(site, 'returned a promise: a response is serialized at once, so its schema cannot be async')
  }
  return (payload) => {
    let verdict = settle(payload)
    if ('error' in verdict) {
      const asJson = withoutUndefined(payload)
      if (asJson !== payload) verdict = settle(asJson)
    }
    if ('error' in verdict) {
      const message = verdict.error.map((item) => `${item.instancePath || '(root)'} ${item.message}`).join(', ')
      throw Object.assign(new Error(message), { validation: verdict.error })
    }
    return serialize(verdict.value)
  }
}

/** `value` with the properties set to `undefined` left out at any depth of plain objects and arrays; `value` itself when it has none. */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i]
      const kept = withoutUndefined(item)
      if (kept !== item) (copy ??= value.slice())[i] = kept
    }
    return copy ?? value
  }
  if (!isLiteralObject(value)) return value
  let copy: Record<string, unknown> | null = null
  for (const key of Object.keys(value)) {
    const item = value[key]
    if (item === undefined) {
      delete (copy ??= { ...value })[key]
      continue
    }
    const kept = withoutUndefined(item)
    if (kept !== item) (copy ??= { ...value })[key] = kept
  }
  return copy ?? value
}
