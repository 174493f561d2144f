/**
 * @module types/brand
 * Phantom keys of the type layer.
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
