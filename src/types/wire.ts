/**
 * @module types/wire
 * A route's types as they travel between a client and the server, for the typed client: what a call sends and
 * what each status answers.
 */

import type { TSchema } from '@sinclair/typebox'
import type { LowercaseKeys, ResponsesOf, RouteTypes, SchemaStatic } from './schema.js'

/** The keys of a route schema that describe what a call sends. */
type SentPartKey = 'body' | 'params' | 'querystring' | 'query' | 'headers'

/** The entries of a route schema's response map. */
type ResponseEntries<Sc> = Sc extends { response: infer R } ? R[keyof R] : never

/**
 * The types of route `RT` on the wire: its own, unless a part of its schema is not TypeBox's (a Standard Schema, or a `content`
 * map that may hold one); then {@link WireTypesOf}.
 */
export type WireOf<RT extends RouteTypes> = RT extends { schema: infer Sc }
  ? [Exclude<Sc[keyof Sc & SentPartKey] | ResponseEntries<Sc>, TSchema>] extends [never]
    ? RT
    : WireTypesOf<Sc, RT, RT extends { registry: infer Reg } ? Reg : never>
  : RT

/** The wire types of a route with schema `Sc`, own types `RT` and shared schemas `Reg`: request parts by their input type, responses by their output type. */
export interface WireTypesOf<Sc, RT extends RouteTypes, Reg> extends RouteTypes {
  body: Sc extends { body: infer B } ? SchemaStatic<B, Reg, 'input'> : RT['body']
  params: Sc extends { params: infer P } ? SchemaStatic<P, Reg, 'input'> : RT['params']
  query: Sc extends { querystring: infer Q } ? SchemaStatic<Q, Reg, 'input'> : Sc extends { query: infer Q } ? SchemaStatic<Q, Reg, 'input'> : RT['query']
  headers: Sc extends { headers: infer H } ? LowercaseKeys<SchemaStatic<H, Reg, 'input'>> : RT['headers']
  responses: ResponsesOf<Sc, Reg, 'output'>
  input: {
    body: WireTypesOf<Sc, RT, Reg>['body']
    query: WireTypesOf<Sc, RT, Reg>['query']
    headers: Sc extends { headers: infer H } ? SchemaStatic<H, Reg, 'input'> : RT['input']['headers']
  }
}
