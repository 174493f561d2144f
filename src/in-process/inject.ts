/**
 * @module in-process/inject
 * `inject()` on the in-process pair, its response read back as light-my-request's response object,
 * in callback, promise and chainable forms.
 */
import { Buffer } from 'node:buffer'
import { addAbortSignal, Readable } from 'node:stream'
import type { InjectChain, InjectOptions, InjectResponse } from '../types/inject.js'
import { checkInjectOptions, prepareInjection, readLegacyStream, simulatedBody, type PreparedInjection } from './inject-request.js'
import { parseSetCookies } from './set-cookie.js'
import { InProcessRequest } from './request.js'
import { InProcessResponse, type OutgoingHeaders, type ResponseDelivery } from './response.js'

export type InjectDispatch = (req: InProcessRequest, res: InProcessResponse) => void

type Settle = (error: Error | null, response?: InjectResponse) => void

function destroyedEarly(): Error {
  return Object.assign(new Error('response destroyed before completion'), { code: 'LIGHT_ECONNRESET' })
}

/** The framing header Node would have added, as a client sees it. */
function framing(res: InProcessResponse, headers: OutgoingHeaders, length: number): Record<string, string> {
  const status = res.statusCode
  const bodiless = res.req.method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200)
  if (bodiless || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return {}
  // a head fixed before the body's length was known goes chunked; an end() in one call gets a length
  return res.headBeforeEnd || length < 0 ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(length) }
}

/** The headers a client receives: those set, plus Node's `date`, `connection` and framing (`length` -1 when streamed). */
function receivedHeaders(res: InProcessResponse, length: number): Record<string, string | string[]> {
  const set = res.outgoingHeaders
  const headers: Record<string, string | string[]> = {}
  for (const name of Object.keys(set)) {
    const value = set[name]
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.map(String) : String(value)
  }
  if (headers.date === undefined) headers.date = new Date().toUTCString()
  if (headers.connection === undefined) headers.connection = 'keep-alive'
  return Object.assign(headers, framing(res, set, length))
}

/**
 * The answer as light-my-request shapes it: a plain object whose members are all its own, in its
 * order, `json`, `stream` and `cookies` included, so a test may destructure it (`const { json } = res`),
 * spread it or compare it whole.
 */
function injectedResponse(res: InProcessResponse, bytes: Buffer | null, stream: Readable | null): InjectResponse {
  const headers = receivedHeaders(res, bytes === null ? -1 : bytes.length)
  const payload = bytes === null ? undefined : bytes.toString()
  return {
    raw: { res: res as never, req: res.req as never },
    headers,
    statusCode: res.statusCode,
    statusMessage: res.statusMessage,
    trailers: res.trailers ?? {},
    cookies: parseSetCookies(headers['set-cookie']),
    // undefined with payloadAsStream: the body is the stream's
    rawPayload: (bytes ?? undefined) as Buffer,
    payload: payload as string,
    body: payload as string,
    json<T = any>(): T {
      if (stream !== null) throw new Error('Response payload is not available with payloadAsStream: true')
      return JSON.parse(payload as string) as T
    },
    stream: (): Readable => stream ?? Readable.from([bytes as Buffer]),
  }
}

class InjectDelivery implements ResponseDelivery {
  readonly streams: boolean
  readonly #settle: Settle
  #settled = false
  #stream: Readable | null = null

  constructor(payloadAsStream: boolean, settle: Settle) {
    this.streams = payloadAsStream
    this.#settle = settle
  }

  whole(res: InProcessResponse, body: Buffer | string | null): void {
    const bytes = body === null ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body) : body
    if (!this.streams) return this.#resolve(injectedResponse(res, bytes, null))
    this.open(res)
    if (bytes.length > 0) this.chunk(bytes)
    this.end()
  }

  open(res: InProcessResponse): void {
    const stream = (this.#stream = new Readable({ read: () => res.resumeWriting() }))
    const signal = (res.req as { injectSignal?: AbortSignal }).injectSignal
    if (signal !== undefined) addAbortSignal(signal, stream)
    this.#resolve(injectedResponse(res, null, stream))
  }

  chunk(piece: Uint8Array): boolean {
    return (this.#stream as Readable).push(piece)
  }

  end(): void {
    ;(this.#stream as Readable).push(null)
  }

  abort(error: Error | undefined): void {
    if (!this.#settled) {
      this.#settled = true
      process.nextTick(this.#settle, error ?? destroyedEarly())
      return
    }
    const stream = this.#stream
    if (stream !== null && !stream.readableEnded) {
      stream.on('error', () => {})
      stream.destroy(error ?? destroyedEarly())
    }
  }

  #resolve(response: InjectResponse): void {
    if (this.#settled) return
    this.#settled = true
    process.nextTick(this.#settle, null, response)
  }
}

const mixedPrototypes = new WeakMap<object, object>()

function mixedPrototype(requestClass: { prototype: object }): object {
  let prototype = mixedPrototypes.get(requestClass)
  if (prototype === undefined) {
    prototype = Object.create(requestClass.prototype) as object
    for (let source: object | null = InProcessRequest.prototype; source !== null && source !== Object.prototype; source = Object.getPrototypeOf(source) as object | null) {
      for (const key of Reflect.ownKeys(source)) {
        if (key !== 'constructor' && !Object.hasOwn(prototype, key)) Object.defineProperty(prototype, key, Object.getOwnPropertyDescriptor(source, key) as PropertyDescriptor)
      }
    }
    mixedPrototypes.set(requestClass, prototype)
  }
  return prototype
}

function buildRequest(prepared: PreparedInjection, options: InjectOptions): InProcessRequest {
  const built: { request?: InProcessRequest } = {}
  if (prepared.simulate !== null) prepared.init.body = simulatedBody(prepared.init.body, prepared.simulate, () => built.request as InProcessRequest)
  const req = (built.request = new InProcessRequest(prepared.init))
  const requestClass = options.Request as { prototype?: object } | undefined
  if (typeof requestClass === 'function' && (requestClass as { prototype?: object }).prototype !== undefined) Object.setPrototypeOf(req, mixedPrototype(requestClass as { prototype: object }))
  if (options.signal !== undefined) {
    ;(req as { injectSignal?: AbortSignal }).injectSignal = options.signal
    addAbortSignal(options.signal, req)
  }
  return req
}

function run(dispatch: InjectDispatch, options: InjectOptions, settle: Settle): void {
  const prepared = prepareInjection(options)
  const send = (): void => {
    const req = buildRequest(prepared, options)
    const res = new InProcessResponse(req, new InjectDelivery(options.payloadAsStream === true, settle))
    let failed = false
    req.once('error', (error: Error) => {
      failed = true
      if (req.destroyed) res.destroy(error)
    })
    req.once('close', () => {
      // as Node's server: a request destroyed once its body was read whole (a proxy done with it) is no client leaving
      if (req.destroyed && !failed && !req.complete && !res.writableEnded) res.destroy()
    })
    dispatch(req, res)
  }
  if (prepared.legacyStream !== null) readLegacyStream(prepared, send)
  else send()
}

function normalized(options: InjectOptions | string): InjectOptions {
  return typeof options === 'string' ? { url: options } : options
}

function injectOnce(dispatch: InjectDispatch, given: InjectOptions | string, callback?: (error: Error | undefined, response?: InjectResponse) => void): Promise<InjectResponse> | undefined {
  const options = normalized(given)
  if (options.validate !== false) checkInjectOptions(options)
  if (callback !== undefined) {
    // null where the other is missing, as light-my-request calls back (its types say undefined)
    run(dispatch, options, (error, response) => (error === null ? callback(null as never, response) : callback(error, null as never)))
    return undefined
  }
  return new Promise((resolve, reject) => run(dispatch, options, (error, response) => (error === null ? resolve(response as InjectResponse) : reject(error))))
}

/** Options it refuses reject the promise rather than throw at the caller. */
function settledInjection(dispatch: InjectDispatch, options: InjectOptions): Promise<InjectResponse> {
  try {
    return injectOnce(dispatch, options) as Promise<InjectResponse>
  } catch (error) {
    return Promise.reject(error as Error)
  }
}

const chainedTwice = 'The dispatch function has already been invoked'

class Chain {
  readonly #dispatch: InjectDispatch
  readonly #options: InjectOptions & Record<string, unknown>
  #invoked = false
  #promise: Promise<InjectResponse> | null = null

  constructor(dispatch: InjectDispatch, options: InjectOptions | string | undefined) {
    this.#dispatch = dispatch
    this.#options = { ...normalized(options ?? {}) }
    if (this.#options.autoStart !== false) {
      process.nextTick(() => {
        // one nobody awaits is no unhandled rejection
        if (!this.#invoked) this.promise().catch(() => {})
      })
    }
  }

  /** Sets an option; refused once the request was sent. */
  set(values: Record<string, unknown>): this {
    if (this.#invoked) throw new Error(chainedTwice)
    Object.assign(this.#options, values)
    return this
  }

  end(callback?: (error: Error | undefined, response?: InjectResponse) => void): Promise<InjectResponse> | undefined {
    if (this.#invoked) throw new Error(chainedTwice)
    this.#invoked = true
    if (callback !== undefined) return void injectOnce(this.#dispatch, this.#options, callback)
    this.#promise = settledInjection(this.#dispatch, this.#options)
    return this.#promise
  }

  promise(): Promise<InjectResponse> {
    if (this.#promise === null) {
      if (this.#invoked) throw new Error(chainedTwice)
      this.#invoked = true
      this.#promise = settledInjection(this.#dispatch, this.#options)
    }
    return this.#promise
  }
}

for (const method of ['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace']) {
  Object.defineProperty(Chain.prototype, method, {
    value(this: Chain, url: string) {
      return this.set({ url, method: method.toUpperCase() })
    },
  })
}
for (const option of ['body', 'cookies', 'headers', 'payload', 'query']) {
  Object.defineProperty(Chain.prototype, option, {
    value(this: Chain, value: unknown) {
      return this.set({ [option]: value })
    },
  })
}
for (const method of ['then', 'catch', 'finally'] as const) {
  Object.defineProperty(Chain.prototype, method, {
    value(this: Chain, ...args: unknown[]) {
      return (this.promise()[method] as (...a: unknown[]) => unknown)(...args)
    },
  })
}

/** With a callback, sends now; with options, a chain that sends on the next tick; without, a chain to build first. */
export function inject(dispatch: InjectDispatch, options?: InjectOptions | string, callback?: (error: Error | undefined, response?: InjectResponse) => void): InjectChain | undefined {
  if (callback !== undefined) return void injectOnce(dispatch, options as InjectOptions | string, callback)
  return new Chain(dispatch, options) as unknown as InjectChain
}
