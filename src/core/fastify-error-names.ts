/**
 * @module core/fastify-error-names
 * `errorCodes`: the error catalogue under warren's names and Fastify's, so code written for
 * Fastify (`error instanceof errorCodes.FST_ERR_BAD_STATUS_CODE`) finds the same classes.
 */
import { codes } from './errors.js'

type Catalogue = typeof codes

/** Each `SVC_ERR_*` class again as `FST_ERR_*`, the name Fastify gives the same error. */
export type FastifyNamedCodes = {
  readonly [Name in keyof Catalogue as Name extends `SVC_ERR_${infer Rest}` ? `FST_ERR_${Rest}` : never]: Catalogue[Name]
}

function withFastifyNames(catalogue: Catalogue): Catalogue & FastifyNamedCodes {
  const named: Record<string, unknown> = { ...catalogue }
  for (const name of Object.keys(catalogue)) named[`FST_ERR_${name.slice('SVC_ERR_'.length)}`] = catalogue[name as keyof Catalogue]
  return Object.freeze(named) as Catalogue & FastifyNamedCodes
}

export const errorCodes = withFastifyNames(codes)
