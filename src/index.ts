/**
 * warren: a typed web framework for Node.js. Plugins, encapsulation contexts, decorators, hooks
 * and routes whose TypeBox schemas validate, serialize and type every request.
 */
import { createServer } from './server.js'

export { createServer }
export { plugin, FASTIFY_API_LEVEL } from './plugin.js'
export type { PluginMeta } from './plugin.js'
export { codes, WarrenError } from './errors.js'
export type { ErrorCode, WarrenErrorClass } from './errors.js'
export { VERSION } from './instance.js'
export type { WarrenOptions } from './options.js'
export { Type } from '@sinclair/typebox'
export type { Static, TSchema } from '@sinclair/typebox'

/** Creates the root instance of an application. */
export const warren = createServer
export default warren
