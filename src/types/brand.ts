/**
 * Phantom keys of the type layer. They exist only in declarations: no runtime object carries them,
 * and nothing needs to read them. They let the type layer attach information to a value's type
 * (the decorations of an instance, the encapsulation of a plugin, the identity of a reply)
 * without a property a user could collide with.
 *
 * @packageDocumentation
 */

/** Key of the phantom property that carries an instance's context (decorators and shared schemas). */
export declare const kContext: unique symbol
/** Key of the phantom brand of a plugin that does not create an encapsulation context. */
export declare const kShared: unique symbol
/** Key of the phantom brand that identifies a reply object. */
export declare const kReply: unique symbol
/** Key of the phantom member that carries an instance's route table (read by the typed client). */
export declare const kRoutes: unique symbol
/** Key of the phantom member that carries an application's error format, for the typed client. */
export declare const kErrorFormat: unique symbol
/** Key of the phantom member that carries a reply's route types (response map, payload, decorations, instance). */
export declare const kReplyTypes: unique symbol
