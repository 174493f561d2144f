/**
 * @module types/util
 * Small type utilities shared by the type layer.
 */

/** A value or a promise of it: what a handler, hook or plugin may return. */
export type MaybePromise<T> = T | Promise<T>

/** Flattens an intersection of object types into one object type, so hovers and errors stay readable. */
export type Flatten<T> = { [K in keyof T]: T[K] } & {}

/** The callback-style completion function given to plugins, hooks and parsers. */
export type Done = (err?: Error | null) => void

/** Union of the keys of `T` that are strings. */
export type StringKeys<T> = keyof T & string
