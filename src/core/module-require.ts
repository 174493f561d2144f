/**
 * @module core/module-require
 * A module's CommonJS `require`, made on first use: where it cannot be made (workerd, no
 * `import.meta.url`) warren still loads, and only a feature that needs `require` fails.
 */
import { createRequire } from 'node:module'

export function lazyRequire(moduleUrl: string | undefined): () => NodeJS.Require {
  let made: NodeJS.Require | undefined
  return () => (made ??= createRequire(moduleUrl as string))
}
