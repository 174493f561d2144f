/**
 * @module core/module-require
 * A module's CommonJS `require`, made on first use rather than at import: a runtime where it
 * cannot be made (Cloudflare's workerd, where a bundled module has no `import.meta.url`) loads
 * warren fine, and only a feature that needs `require` (the schema cache, another copy of a
 * library) finds it missing.
 */
import { createRequire } from 'node:module'

/** A `require` relative to `moduleUrl` (the caller's `import.meta.url`), created when first called. */
export function lazyRequire(moduleUrl: string | undefined): () => NodeJS.Require {
  let made: NodeJS.Require | undefined
  return () => (made ??= createRequire(moduleUrl as string))
}
