/**
 * @module schema/standard-schema
 * Standard Schema v1 values: recognised, and turned once per side into the Draft 7 JSON Schema warren
 * compiles, plus the library's own `validate` when that schema does not say everything.
 */
import { ajvStandsIn, compiledForm, withNamedRoot } from './standard-json.js'
import { libraryProfile, type JsonSchemaConverter } from './standard-libraries.js'
import type { StandardSchema } from '../types/index.js'

export type SchemaSide = 'input' | 'output'

export interface StandardProps {
  version: 1
  vendor: string
  validate: (value: unknown) => unknown
  jsonSchema?: { input?: JsonSchemaConverter; output?: JsonSchemaConverter }
}

/** Read once per schema: ArkType and Valibot build a new `~standard` object on each read. */
const propsCache = new WeakMap<object, StandardProps | null>()

function readProps(value: object): StandardProps | null {
  const props = (value as { '~standard'?: unknown })['~standard']
  if (props === null || typeof props !== 'object') return null
  const { version, validate } = props as Partial<StandardProps>
  return version === 1 && typeof validate === 'function' ? (props as StandardProps) : null
}

export function standardPropsOf(value: unknown): StandardProps | null {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return null
  let props = propsCache.get(value)
  if (props === undefined) {
    props = readProps(value)
    propsCache.set(value, props)
  }
  return props
}

export function isStandardSchema(value: unknown): value is StandardSchema {
  return standardPropsOf(value) !== null
}

const kLibraryOnly = Symbol('warren.libraryOnly')

/** `schema` validated and serialized by its library alone: for schemas a library cannot convert. */
export function libraryOnly(schema: unknown): StandardSchema {
  const props = standardPropsOf(schema)
  if (props === null) throw new TypeError('libraryOnly(schema) takes a Standard Schema (an object with a `~standard` property of version 1)')
  return { '~standard': props, [kLibraryOnly]: schema } as unknown as StandardSchema
}

export interface StandardForm {
  vendor: string
  json: Record<string, unknown> | null
  /** The library's `validate`, when it must run after the compiled code (or alone). */
  validate: ((value: unknown) => unknown) | null
  /** Why the schema gives no JSON Schema, when it is not marked {@link libraryOnly}. */
  missing: string | null
  /** A value of the form JSON does not carry as its type says (a Date), and what to write instead. */
  nonJson: string | null
  /** True when the library measures strings in UTF-16 units, as Ajv must then. */
  utf16Lengths: boolean
}

const forms = { input: new WeakMap<object, StandardForm>(), output: new WeakMap<object, StandardForm>() }

/** The form warren compiles, once per schema and side; non-`exact` ones also run the library's `validate` after Ajv. */
export function standardFormOf(schema: object, side: SchemaSide): StandardForm {
  let form = forms[side].get(schema)
  if (form === undefined) {
    form = buildForm(schema, standardPropsOf(schema)!, side)
    forms[side].set(schema, form)
  }
  return form
}

function buildForm(schema: object, props: StandardProps, side: SchemaSide): StandardForm {
  const vendor = String(props.vendor)
  const { utf16Lengths } = libraryProfile(vendor)
  const library = { vendor, json: null, validate: props.validate, missing: null, nonJson: null, utf16Lengths }
  if (kLibraryOnly in schema) return library
  const converter = props.jsonSchema?.[side]
  if (typeof converter !== 'function') return { ...library, missing: `${vendor} gives it no JSON Schema (its ~standard has no jsonSchema.${side})` }
  let conversion
  try {
    conversion = libraryProfile(vendor).convert((options) => converter.call(props.jsonSchema, options), schema, side)
  } catch (error) {
    return { ...library, missing: `${vendor} could not convert it to JSON Schema: ${error instanceof Error ? error.message : String(error)}` }
  }
  const exact = conversion.exact && ajvStandsIn(conversion.json)
  compiledForm(conversion.json, exact, side)
  return { ...library, json: withNamedRoot(conversion.json), validate: exact ? null : props.validate, nonJson: conversion.nonJson }
}

export function documentedJsonSchema(schema: unknown, side: SchemaSide): Record<string, unknown> | null {
  const props = standardPropsOf(schema)
  const converter = props?.jsonSchema?.[side]
  if (props === null || typeof converter !== 'function') return null
  try {
    return converter.call(props.jsonSchema, { target: 'draft-07', libraryOptions: libraryProfile(String(props.vendor)).lenientOptions })
  } catch {
    return null
  }
}
