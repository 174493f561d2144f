import { expectType } from 'tsd'
import { Type, type DeclaredCode, type NoSchemaFor200, type PayloadForCode, type ResponsesOf, type SuccessPayload } from 'warren'
import type { TBoolean, TString } from '@sinclair/typebox'

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
expectType<500>({} as DeclaredCode<{ '200': A; default: B }, 500>)
expectType<number>({} as DeclaredCode<{}, number>)
expectType<404 | 418>({} as DeclaredCode<Map, 404 | 418>)
expectType<"Status code 201 is not declared in this route's response schema" | "Status code 500 is not declared in this route's response schema">({} as DeclaredCode<{ '200': A }, 201 | 500>)
// a union of a declared and an undeclared code names only the undeclared one
expectType<200 | "Status code 500 is not declared in this route's response schema">({} as DeclaredCode<{ '200': A }, 200 | 500>)

// a route's response map: every key as a string, numeric keys included; a wide map stays wide
const Entry = Type.Object({ id: Type.Integer() })
type Responses = ResponsesOf<{ response: { 200: typeof Entry; '4xx': TString; default: TBoolean } }, {}>
expectType<{ '200': { id: number }; '4xx': string; default: boolean }>({} as Responses)
expectType<'200' | '4xx' | 'default'>({} as keyof Responses)
expectType<{ id: number }>({} as PayloadForCode<Responses, 200>)
expectType<string>({} as PayloadForCode<Responses, 404>)
expectType<{ id: number }>({} as SuccessPayload<Responses>)
expectType<{}>({} as ResponsesOf<{ body: TString }, {}>)
expectType<string>({} as ResponsesOf<{ response: { [status: string]: TString } }, {}>['201'])
