/**
 * @module types/wire
 * A route's types as they travel between client and server: what a call sends and what each status answers.
 */

import type { TSchema } from '@sinclair/typebox'
import type { Carried, LowercaseKeys, ResponsesOf, RouteTypes, SchemaStatic } from './schema.js'

type SentPartKey = 'body' | 'params' | 'querystring' | 'query' | 'headers'

type ResponseEntries<Sc> = Sc extends { response: infer R } ? R[keyof R] : never

/** A route's types on the wire: its own, unless a schema part is not TypeBox's (a Standard Schema, or a `content` map that may hold one). */
export type WireOf<RT extends RouteTypes> = RT extends { schema: Carried<infer Sc> }
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
