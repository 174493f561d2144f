import { expectType } from 'tsd'
import type { DeclaredCode, NoSchemaFor200, PayloadForCode, SuccessPayload } from 'warren'

// the status helpers over a response map (status key to payload type), as a route's reply uses them
interface A { a: 1 }
interface B { b: 2 }
interface C { c: 3 }

// a plain send: 200, else 2xx (or 2XX), else default; no keys: anything; keys without 200: a message
expectType<unknown>({} as SuccessPayload<{}>)
expectType<A>({} as SuccessPayload<{ '200': A; '2xx': B; default: C }>)
expectType<B>({} as SuccessPayload<{ '2xx': B; default: C }>)
expectType<B>({} as SuccessPayload<{ '2XX': B; '404': A }>)
expectType<C>({} as SuccessPayload<{ default: C; '404': A }>)
expectType<NoSchemaFor200>({} as SuccessPayload<{ '201': A; '4xx': B }>)

// after reply.code(c): the exact code, else its class, else default
type Map = { '404': A; '4xx': B; default: C }
expectType<A>({} as PayloadForCode<Map, 404>)
expectType<B>({} as PayloadForCode<Map, 418>)
expectType<C>({} as PayloadForCode<Map, 500>)
expectType<B>({} as PayloadForCode<{ '4XX': B }, 401>)
expectType<A | B | C>({} as PayloadForCode<Map, number>)
expectType<unknown>({} as PayloadForCode<{}, 500>)
expectType<unknown>({} as PayloadForCode<{ '200': A }, 500>)

// the parameter of reply.code: the code when declared (or when there is no response schema), else a message
expectType<404>({} as DeclaredCode<Map, 404>)
expectType<503>({} as DeclaredCode<{ '5xx': A }, 503>)
expectType<500>({} as DeclaredCode<{}, 500>)
expectType<number>({} as DeclaredCode<{ '200': A }, number>)
expectType<"Status code 500 is not declared in this route's response schema">({} as DeclaredCode<{ '200': A }, 500>)
