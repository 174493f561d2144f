/**
 * The runtime's request and reply checked against the public types they implement: a
 * member whose runtime type drifts from its declaration fails `tsc` (`npm run lint`, in `npm test`).
 * The instance prototype is checked where it is built (app/instance). Kept out of src/ so that a
 * user's augmentation of the public interfaces never reaches the runtime's types.
 */
import type { Reply } from '../../src/model/reply.js'
import type { Request } from '../../src/model/request.js'
import type { kReply } from '../../src/types/brand.js'
import type { ReplyBase, WarrenRequest } from '../../src/types/index.js'

/** Compiles only when `Runtime` is assignable to `Public`. */
type Implements<Runtime extends Public, Public> = [Runtime, Public]

export type RequestContract = Implements<Request, WarrenRequest>
// the reply's brand exists in the type layer only
export type ReplyContract = Implements<Reply & { readonly [kReply]: true }, ReplyBase>
