/**
 * @module core/version
 * warren's own version, and the Fastify API level a plugin's `fastify` range is checked against.
 */

export const VERSION = '0.1.0'

/** The Fastify API level warren implements. */
export const FASTIFY_API_LEVEL = '5.6.0'
