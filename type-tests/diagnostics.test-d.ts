import { expectAssignable, expectError, expectType } from 'tsd'
import { tracingChannel } from 'node:diagnostics_channel'
import warren, {
  INITIALIZATION_CHANNEL,
  REQUEST_HANDLER_CHANNEL,
  FASTIFY_INITIALIZATION_CHANNEL,
  FASTIFY_REQUEST_HANDLER_CHANNEL,
  type AnyWarren,
  type HandlerTraceMessage,
  type InitializationMessage,
} from 'warren'

// ---------- the channel names are literal constants ----------
expectType<'warren.initialization'>(INITIALIZATION_CHANNEL)
expectType<'warren.request.handler'>(REQUEST_HANDLER_CHANNEL)
expectType<'fastify.initialization'>(FASTIFY_INITIALIZATION_CHANNEL)
expectType<'fastify.request.handler'>(FASTIFY_REQUEST_HANDLER_CHANNEL)

// ---------- the messages ----------
const channels = tracingChannel<unknown, HandlerTraceMessage>(REQUEST_HANDLER_CHANNEL)
channels.subscribe({
  start(message) {
    expectType<{ url: string; method: string }>(message.route)
    expectType<boolean>(message.async)
    expectType<number>(message.reply.statusCode)
    expectType<string>(message.request.id)
  },
  end() {},
  asyncStart() {},
  asyncEnd() {},
  error(message) {
    expectType<unknown>(message.error)
  },
})
// a message lacks nothing a subscriber reads
expectError<HandlerTraceMessage>({ route: { url: '/', method: 'GET' }, async: false })

declare const initialized: InitializationMessage
expectAssignable<AnyWarren>(initialized.warren)
expectAssignable<AnyWarren>(initialized.fastify)
expectAssignable<AnyWarren>(warren())
