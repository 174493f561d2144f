/**
 * @module schema/ajv-compiler
 * The default validator compiler: Ajv 8 with ajv-formats and the validator baseline.
 */
import { Ajv, type Options as AjvOptions, type Plugin as AjvPlugin } from 'ajv'
import type { AjvPluginLike, ValidatorOptions } from '../types/options.js'
import formatsModule from 'ajv-formats'
import { codes } from '../core/errors.js'
import fastUri from 'fast-uri'
import type { SharedSchema } from './store.js'
import type { ValidationFunction as ValidateFunction, ValidatorCompiler } from '../types/index.js'

const addFormats = formatsModule.default

/** Spec 2.8: the default validator's baseline. `allErrors` stays false: true opens a denial of service. */
const validatorBaseline: AjvOptions = {
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  uriResolver: fastUri,
  addUsedSchema: false,
  allErrors: false,
}

export type { ValidatorOptions }

function pluginFunction(plugin: AjvPluginLike): AjvPlugin<any> {
  return typeof plugin === 'function' ? plugin : plugin.default
}

/**
 * Applies one validator plugin; a plugin that refuses the configuration (ajv-errors without
 * `allErrors: true`, say) fails start-up with a coded error that names it.
 */
function applyPlugin(ajv: Ajv, entry: NonNullable<ValidatorOptions['plugins']>[number]): void {
  const [plugin, pluginOptions] = Array.isArray(entry) ? entry : [entry, undefined]
  const fn = pluginFunction(plugin)
  try {
    if (Array.isArray(entry)) fn(ajv, pluginOptions)
    else fn(ajv)
  } catch (error) {
    const name = fn.name || 'anonymous plugin'
    throw Object.assign(new codes.SVC_ERR_INIT_OPTS_INVALID('validator.plugins', `the validator plugin '${name}' refused the configuration: ${(error as Error).message}`), { cause: error })
  }
}

function buildAjv(options: ValidatorOptions): Ajv {
  // Ajv 8 always reports JSON pointers; the option of older versions is accepted and dropped.
  const { jsonPointers: _dropped, ...customOptions } = options.customOptions ?? {}
  const ajv = new Ajv({ ...validatorBaseline, ...customOptions })
  addFormats(ajv)
  for (const entry of options.plugins ?? []) applyPlugin(ajv, entry)
  // OpenAPI's `example` annotation is common in route schemas; Ajv's strict mode would reject it.
  if (!ajv.getKeyword('example')) ajv.addKeyword('example')
  return ajv
}

/**
 * The default validator compiler for one set of shared schemas: Ajv 8 with ajv-formats, the
 * baseline of spec 2.8, the user's overrides and plugins. Each schema object compiles once.
 */
export function buildAjvCompiler(shared: Record<string, SharedSchema>, options: ValidatorOptions): ValidatorCompiler {
  const ajv = buildAjv(options)
  for (const schema of Object.values(shared)) ajv.addSchema(schema)
  const compiled = new WeakMap<object, ValidateFunction>()
  return ({ schema }) => {
    let validate = compiled.get(schema)
    if (validate === undefined) {
      const compiledSchema = ajv.compile(schema)
      // spec 4.3.9: async validation (a database call per request) has no place before the handler
      if ('$async' in compiledSchema && compiledSchema.$async === true) throw new Error('async schemas ($async: true) cannot validate requests: do async checks in a preHandler hook')
      validate = compiledSchema as ValidateFunction
      compiled.set(schema, validate)
    }
    return validate
  }
}
