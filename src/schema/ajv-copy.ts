/**
 * @module schema/ajv-copy
 * Which installed copy of Ajv the default validator is built with. A validator plugin
 * (ajv-errors, ajv-keywords) writes its keywords' code with the code-generation classes of the
 * Ajv it imports itself, and that code only assembles in an Ajv of the same copy: given to
 * another one, its pieces are written out as JSON and the schema fails to compile ("Unexpected
 * token ':'"). When the application's plugins come with their own copy of Ajv (a version pinned
 * apart from warren's, a linked package, a pnpm store), the validator is built with that copy.
 */
import { createRequire } from 'node:module'
import { lazyRequire } from '../core/module-require.js'
import { Ajv } from 'ajv'
import formatsModule from 'ajv-formats'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { codes } from '../core/errors.js'

type AddFormats = (ajv: Ajv) => unknown

/** The Ajv class to build the validator with, and how to give it the formats of ajv-formats. */
export interface AjvCopy {
  Ajv: typeof Ajv
  addFormats: AddFormats
  /** True for warren's own copy: only its code can be written as standalone modules for the compile cache. */
  own: boolean
}

/** `require` relative to this module (made on first use: see core/module-require). */
const requireHere = lazyRequire(import.meta.url)
const ownCopy: AjvCopy = { Ajv, addFormats: formatsModule.default, own: true }

/**
 * The file of the CommonJS module that exports `fn` (as its value or its `default`), from
 * Node's module cache; undefined for a function defined elsewhere (an ES module, the app's code).
 */
function moduleFileOf(fn: unknown): string | undefined {
  for (const loaded of Object.values(requireHere().cache)) {
    const exported = loaded?.exports as { default?: unknown } | null | undefined
    if (exported === fn || (exported != null && exported.default === fn)) return loaded?.filename
  }
  return undefined
}

/** Each plugin's copy of ajv (its resolved entry file, or null), looked up once per plugin function. */
const ajvFileByPlugin = new WeakMap<Function, string | null>()

/**
 * The entry file of the copy of Ajv 8 the plugin's package resolves; undefined when it resolves
 * none, or another major version (an Ajv 6 hoisted for other tools is not one warren can use).
 */
function ajvFileOf(fn: Function): string | undefined {
  let ajvFile = ajvFileByPlugin.get(fn)
  if (ajvFile === undefined) {
    const file = moduleFileOf(fn)
    const found = file === undefined ? undefined : resolveFrom(file, 'ajv')
    ajvFile = found !== undefined && isAjv8(found) ? found : null
    ajvFileByPlugin.set(fn, ajvFile)
  }
  return ajvFile ?? undefined
}

function isAjv8(ajvFile: string): boolean {
  const manifest = resolveFrom(ajvFile, 'ajv/package.json')
  return manifest !== undefined && /^8\./.test(String((requireHere()(manifest) as { version?: unknown }).version))
}

/** Where `name` resolves from `file`'s folder; undefined when it does not. */
function resolveFrom(file: string, name: string): string | undefined {
  try {
    return createRequire(file).resolve(name)
  } catch {
    return undefined
  }
}

/**
 * The copy's formats: its own ajv-formats when one is installed beside it (with the
 * `formatMaximum`-style keywords), else warren's format table added one format at a time,
 * which needs no code-generation classes.
 */
function formatsFor(ajvFile: string): AddFormats {
  const formatsFile = resolveFrom(ajvFile, 'ajv-formats')
  if (formatsFile !== undefined && resolveFrom(formatsFile, 'ajv') === ajvFile) {
    const loaded = requireHere()(formatsFile) as AddFormats & { default?: AddFormats }
    return loaded.default ?? loaded
  }
  return (ajv) => {
    for (const [name, format] of Object.entries(fullFormats)) ajv.addFormat(name, format)
  }
}

const otherCopies = new Map<string, AjvCopy>()

function copyAt(ajvFile: string): AjvCopy {
  let copy = otherCopies.get(ajvFile)
  if (copy === undefined) {
    const loaded = requireHere()(ajvFile) as { Ajv?: typeof Ajv; default?: typeof Ajv }
    copy = { Ajv: loaded.Ajv ?? (loaded.default as typeof Ajv), addFormats: formatsFor(ajvFile), own: false }
    otherCopies.set(ajvFile, copy)
  }
  return copy
}

/**
 * The copy of Ajv the given plugin functions were written for: warren's own unless the plugins'
 * package resolves `ajv` to another installed copy. Plugins written for different copies cannot
 * share one Ajv: SVC_ERR_INIT_OPTS_INVALID names them.
 */
export function ajvCopyFor(plugins: readonly unknown[]): AjvCopy {
  if (plugins.length === 0) return ownCopy
  const byCopy = new Map<string, string>()
  for (const fn of plugins) {
    const ajvFile = typeof fn === 'function' ? ajvFileOf(fn) : undefined
    if (ajvFile !== undefined) byCopy.set(ajvFile, (fn as Function).name || 'anonymous plugin')
  }
  if (byCopy.size > 1) {
    const names = [...byCopy.values()].join("', '")
    throw new codes.SVC_ERR_INIT_OPTS_INVALID('validator.plugins', `the validator plugins '${names}' were installed with different copies of ajv: install one`)
  }
  const [ajvFile] = byCopy.keys()
  return ajvFile === undefined || ajvFile === requireHere().resolve('ajv') ? ownCopy : copyAt(ajvFile)
}
