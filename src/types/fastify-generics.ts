/**
 * @module types/fastify-generics
 * The type parameters of Fastify's receiver interfaces (servers, loggers, route generics, type
 * providers), for the stand-in of `types/fastify-compat` and the interfaces plugins merge into.
 */
/* eslint-disable @typescript-eslint/no-unused-vars -- the type parameters exist for the merges */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Server as HttpsServer } from 'node:https'
import type { Http2SecureServer, Http2Server } from 'node:http2'
import type { WarrenLogger } from './logger.js'
import type { RouteSchema } from './schema.js'

/** The servers an instance may run on. */
export type RawServerBase = Server | HttpsServer | Http2Server | Http2SecureServer
export type RawServerDefault = Server
export type RawRequestDefaultExpression<RawServer extends RawServerBase = RawServerDefault> = IncomingMessage
export type RawReplyDefaultExpression<RawServer extends RawServerBase = RawServerDefault> = ServerResponse
export type FastifySchema = RouteSchema
export type FastifyBaseLogger = WarrenLogger
export type ContextConfigDefault = unknown
/** Fastify's route generics (`Body`, `Querystring`…); warren types routes from their schemas instead. */
export interface RouteGenericInterface {
  Body?: unknown
  Querystring?: unknown
  Params?: unknown
  Headers?: unknown
  Reply?: unknown
}
/** A type provider (warren reads TypeBox natively). */
export interface FastifyTypeProvider {
  readonly schema: unknown
  readonly validator: unknown
  readonly serializer: unknown
}
export interface FastifyTypeProviderDefault extends FastifyTypeProvider {}
