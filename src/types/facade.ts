/**
 * @module types/facade
 * Types of the public values of `warren`: the factory and the `plugin` helper.
 */

import type { ErrorFormatTagOf } from './error-answers.js'
import type { ErrorFormat } from './error-format.js'
import type { Warren } from './instance.js'
import type { WarrenOptions } from './options.js'

/**
 * The `warren()` factory: creates the root instance.
 *
 * @example
 * ```ts
 * import warren, { Type } from 'warren'
 * const app = warren({ logger: true })
 * app.get('/hello', { schema: { querystring: Type.Object({ name: Type.String() }) } }, (request) => ({
 *   hello: request.query.name,
 * }))
 * await app.listen({ port: 3000 })
 * ```
 */
export type WarrenFactory = <F extends ErrorFormat>(options?: WarrenOptions & { errorFormat?: F }) => Warren<{}, {}, {}, {}, ErrorFormatTagOf<F>>
