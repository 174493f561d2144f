import { Ajv, type Options as AjvOptions, type Plugin as AjvPlugin } from 'ajv'
import type { AjvPluginLike, ValidatorOptions } from '../types/options.js'
import formatsModule from 'ajv-formats'
import fastUri from 'fast-uri'
import type { SharedSchema } from './store.js'
import type { ValidateFunction, ValidatorCompiler } from './types.js'

const addFormats = formatsModule.default

/** The default validator's baseline. `allErrors` stays false: true opens a denial of service. */
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

function buildAjv(options: ValidatorOptions): Ajv {
  // Ajv 8 always reports JSON pointers; the option of older versions is accepted and dropped.
  const { jsonPointers: _dropped, ...customOptions } = options.customOptions ?? {}
  const ajv = new Ajv({ ...validatorBaseline, ...customOptions })
  addFormats(ajv)
  for (const entry of options.plugins ?? []) {
    if (Array.isArray(entry)) pluginFunction(entry[0])(ajv, entry[1])
    else pluginFunction(entry)(ajv)
  }
  // OpenAPI's `example` annotation is common in route schemas; Ajv's strict mode would reject it.
  if (!ajv.getKeyword('example')) ajv.addKeyword('example')
  return ajv
}

/**
 * The default validator compiler for one set of shared schemas: Ajv 8 with ajv-formats, the
 * baseline above, the user's overrides and plugins. Each schema object compiles once.
 */
export function buildAjvCompiler(shared: Record<string, SharedSchema>, options: ValidatorOptions): ValidatorCompiler {
  const ajv = buildAjv(options)
  for (const schema of Object.values(shared)) ajv.addSchema(schema)
  const compiled = new WeakMap<object, ValidateFunction>()
  return ({ schema }) => {
    let validate = compiled.get(schema)
    if (validate === undefined) {
      const compiledSchema = ajv.compile(schema)
      // async validation (a database call per request) has no place before the handler
      if ('$async' in compiledSchema && compiledSchema.$async === true) throw new Error('async schemas ($async: true) cannot validate requests: do async checks in a preHandler hook')
      validate = compiledSchema as ValidateFunction
      compiled.set(schema, validate)
    }
    return validate
  }
}
