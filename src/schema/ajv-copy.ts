/**
 * @module schema/ajv-copy
 * Which installed copy of Ajv the default validator is built with: the application's plugins' own
 * copy when they bring one, since a plugin's keyword code assembles only in its own copy (docs/architecture.md).
 */
import { createRequire } from 'node:module'
import { lazyRequire } from '../core/module-require.js'
import { Ajv } from 'ajv'
import formatsModule from 'ajv-formats'
import { fullFormats } from 'ajv-formats/dist/formats.js'
import { codes } from '../core/errors.js'

type AddFormats = (ajv: Ajv) => unknown

export interface AjvCopy {
  Ajv: typeof Ajv
  addFormats: AddFormats
  /** True for warren's own copy: only its code can be written as standalone modules. */
  own: boolean
}

const requireHere = lazyRequire(import.meta.url)
const ownCopy: AjvCopy = { Ajv, addFormats: formatsModule.default, own: true }

/** The CommonJS module file that exports `fn`, from Node's module cache; undefined for an ES module or the app's code. */
function moduleFileOf(fn: unknown): string | undefined {
  for (const loaded of Object.values(requireHere().cache)) {
    const exported = loaded?.exports as { default?: unknown } | null | undefined
    if (exported === fn || (exported != null && exported.default === fn)) return loaded?.filename
  }
  return undefined
}

const ajvFileByPlugin = new WeakMap<Function, string | null>()

/** The Ajv 8 entry file the plugin's package resolves; undefined for none or another major version. */
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

function resolveFrom(file: string, name: string): string | undefined {
  try {
    return createRequire(file).resolve(name)
  } catch {
    return undefined
  }
}

/** The copy's formats: its own ajv-formats when installed beside it, else warren's table added format by format. */
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

/** The Ajv copy the plugins were written for; plugins written for different copies cannot share one Ajv. */
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
