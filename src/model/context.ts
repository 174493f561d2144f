/**
 * @module model/context
 * The state every instance (context) carries under private symbols, and the instance type the runtime works with.
 */
import type avvio from 'avvio'
import type { IncomingMessage } from 'node:http'
import type {
  kAvvio,
  kAvvioClose,
  kAvvioOnClose,
  kAvvioReady,
  kChildLoggerFactory,
  kChildren,
  kErrorHandler,
  kGenReqId,
  kHooks,
  kLogLevel,
  kLogSerializers,
  kParsers,
  kPluginNames,
  kPrefix,
  kRegisteredPlugins,
  kReplyClass,
  kRequestClass,
  kRoot,
  kSchemaCompilers,
} from '../core/symbols.js'
import type { Logger, LogSerializers } from '../core/logger.js'
import type { ParserRegistry } from '../content-type/registry.js'
import type { HookStore } from '../hooks/store.js'
import type { SchemaCompilers } from '../schema/compilers.js'
import type { ChildLoggerFactory, WarrenInstance } from '../types/index.js'
import type { ErrorHandlerEntry, ReplyClass } from './reply.js'
import type { RequestClass } from './request.js'
import type { RootState } from './root-state.js'

/** The private state of a context; a child's prototype is its parent, so what it does not set it inherits. */
export interface InstanceState {
  [kRoot]: RootState
  [kChildren]: Context[]
  [kHooks]: HookStore
  [kRequestClass]: RequestClass
  [kReplyClass]: ReplyClass
  [kParsers]: ParserRegistry
  [kSchemaCompilers]: SchemaCompilers
  [kErrorHandler]: ErrorHandlerEntry
  [kPrefix]: string
  [kLogLevel]: string | undefined
  [kLogSerializers]?: LogSerializers | null
  [kRegisteredPlugins]: string[]
  [kPluginNames]: string[]
  [kGenReqId]: (req: IncomingMessage) => string
  [kChildLoggerFactory]: ChildLoggerFactory | null
  [kAvvio]: avvio.Avvio<Context>
  [kAvvioReady]: (step: (error: Error | null | undefined, done: (error?: Error | null) => void) => void) => void
  [kAvvioOnClose]: (fn: (instance: unknown, done: (error?: Error) => void) => void) => void
  [kAvvioClose]: () => Promise<void>
  log: Logger
  /** avvio's form of `after`, passing the error on through `done`. */
  after(step: (error: Error | null, done: (error?: Error | null) => void) => void): Context
}

/** An instance as the runtime sees it: the public members plus the private state. */
export type Context = WarrenInstance & InstanceState

declare module './root-state.js' {
  interface RootState {
    app: Context
  }
}
