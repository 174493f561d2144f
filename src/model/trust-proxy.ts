/**
 * @module model/trust-proxy
 * `trustProxy`, turned once into the question asked of each hop of the forwarding chain: "is this a
 * proxy I trust?"
 */
import proxyAddr from '@fastify/proxy-addr'

/** Whether the address `hop` steps from the server (0: the socket's peer) is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean

export type TrustProxyOption = boolean | number | string | readonly string[] | TrustProxy

const trustAll: TrustProxy = () => true
const trustNone: TrustProxy = () => false

/** The trust function, or null (`false`); a hop count trusts no address, since it cannot tell whether the peer is a proxy and would let clients forge theirs. */
export function compileTrustProxy(option: TrustProxyOption): TrustProxy | null {
  if (option === false) return null
  if (option === true) return trustAll
  if (typeof option === 'function') return option
  if (typeof option === 'number') return trustNone
  const list = typeof option === 'string' ? option.split(',').map((entry) => entry.trim()) : [...option]
  return proxyAddr.compile(list)
}

export function isTrustProxyOption(value: unknown): value is TrustProxyOption {
  if (typeof value === 'boolean' || typeof value === 'string' || typeof value === 'function') return true
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string')
}

/** The addresses of the request's chain, nearest first, up to and including the first untrusted one. */
export function forwardingChain(raw: Parameters<typeof proxyAddr.all>[0], trust: TrustProxy): string[] {
  return proxyAddr.all(raw, trust)
}
