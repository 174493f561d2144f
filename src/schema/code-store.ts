/**
 * @module schema/code-store
 * Where the default compilers find code generated ahead of time and put the code they generate:
 * the schema compile cache on disk, a precompiled schemas module, or the recorder that writes one.
 */

/**
 * The code of an entry to keep: the text, or a function that generates it when the entry is
 * written (in the background), returning null when the schema cannot be written as standalone code.
 */
export type EntryCode = string | (() => string | null)

/** An entry's code, generated now if it was deferred; null when it cannot be (the schema stays without an entry). */
export function generated(code: EntryCode): string | null {
  if (typeof code === 'string') return code
  try {
    return code()
  } catch {
    // the function the route uses was built without this code: only the entry is lost
    return null
  }
}

/** What the default compilers ask of a store of generated code. */
export interface SchemaCodeStore {
  /**
   * Whether keys leave out what a bundled Worker cannot read (library versions from package files,
   * function source text a bundler rewrites), and serializers inline their Ajv validators: the keys
   * and code of a precompiled schemas module.
   */
  readonly portable: boolean
  /**
   * The function an entry exports, or undefined for a miss (the schema is compiled). `where` names
   * the schema for an error (`the body schema`); a store that cannot compile throws on a miss.
   */
  load(key: string, where: string): unknown
  /** Keeps the code of a miss, whose function was built otherwise. */
  store(key: string, code: EntryCode): void
  /** True while `store` keeps entries (Ajv then keeps the source standalone code is made from). */
  canWrite(): boolean
}
