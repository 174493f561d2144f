import { describe, expect, it } from 'vitest'
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { entryKey, keyedVersions, serializerContextKey, validatorContextKey } from '../../src/schema/cache-key.js'

const require = createRequire(import.meta.url)
const installed = (name: string) => (require(`${name}/package.json`) as { version: string }).version

/** Two plugins with the same behaviour but different source text. */
function keywordA(ajv: any): any {
  return ajv.addKeyword('a')
}
function keywordB(ajv: any): any {
  return ajv.addKeyword('b')
}

const Shared = { $id: 'Shared', type: 'object', properties: { n: { type: 'number' } } }

describe('schema cache keys', () => {
  it('name the installed versions of warren, Ajv, ajv-formats, fast-json-stringify and the Node module ABI', () => {
    const warrenManifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    expect(keyedVersions()).toEqual({
      warren: warrenManifest.version,
      ajv: installed('ajv'),
      ajvFormats: installed('ajv-formats'),
      fastJsonStringify: installed('fast-json-stringify'),
      node: process.versions.modules,
    })
  })

  it('change with the validator options, whatever their order of keys', () => {
    const base = validatorContextKey({}, { customOptions: { coerceTypes: 'array', useDefaults: true } })
    expect(validatorContextKey({}, { customOptions: { useDefaults: true, coerceTypes: 'array' } })).toBe(base)
    expect(validatorContextKey({}, { customOptions: { coerceTypes: false, useDefaults: true } })).not.toBe(base)
    expect(validatorContextKey({}, {})).not.toBe(base)
  })

  it('change with the plugins, their order and their options', () => {
    const one = validatorContextKey({}, { plugins: [keywordA] })
    expect(validatorContextKey({}, { plugins: [keywordA] })).toBe(one)
    expect(validatorContextKey({}, { plugins: [keywordB] })).not.toBe(one)
    expect(validatorContextKey({}, { plugins: [keywordA, keywordB] })).not.toBe(validatorContextKey({}, { plugins: [keywordB, keywordA] }))
    expect(validatorContextKey({}, { plugins: [[keywordA, { x: 1 }]] })).not.toBe(validatorContextKey({}, { plugins: [[keywordA, { x: 2 }]] }))
  })

  it('change with the shared schemas a schema may reference, for validators and serializers alike', () => {
    const changed = { ...Shared, properties: { n: { type: 'string' } } }
    expect(validatorContextKey({ Shared: changed }, {})).not.toBe(validatorContextKey({ Shared }, {}))
    expect(serializerContextKey({ Shared: changed })).not.toBe(serializerContextKey({ Shared }))
    // the same schemas are never a validator's and a serializer's entry at once
    expect(validatorContextKey({ Shared }, {})).not.toBe(serializerContextKey({ Shared }))
  })

  it("change with the serializer's options (serializerOpts), whatever their key order", () => {
    expect(serializerContextKey({}, { rounding: 'ceil' })).not.toBe(serializerContextKey({}))
    expect(serializerContextKey({}, { rounding: 'ceil' })).not.toBe(serializerContextKey({}, { rounding: 'floor' }))
    expect(serializerContextKey({}, { rounding: 'ceil', largeArraySize: 10 })).toBe(serializerContextKey({}, { largeArraySize: 10, rounding: 'ceil' }))
  })

  it('of an entry: the context key and the schema text, property order included (it is the order of the checks)', () => {
    const context = serializerContextKey({})
    const schema = JSON.stringify({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } })
    const reordered = JSON.stringify({ type: 'object', properties: { b: { type: 'number' }, a: { type: 'string' } } })
    expect(entryKey(context, schema)).toMatch(/^[0-9a-f]{64}$/)
    expect(entryKey(context, schema)).toBe(entryKey(context, schema))
    expect(entryKey(context, reordered)).not.toBe(entryKey(context, schema))
    expect(entryKey(serializerContextKey({ Shared }), schema)).not.toBe(entryKey(context, schema))
  })
})
