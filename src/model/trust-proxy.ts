/**
 * @module model/trust-proxy
 * The `trustProxy` factory option, turned once into the question the request asks of each
 * address in its forwarding chain: "is this hop a proxy I trust?" (`@fastify/proxy-addr` walks
 * the chain and compiles address lists and CIDR ranges).
 */
import proxyAddr from '@fastify/proxy-addr'

/** Whether the address `hop` steps from the server (0: the socket's peer) is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean

/** The forms `trustProxy` accepts. */
export type TrustProxyOption = boolean | number | string | readonly string[] | TrustProxy

const trustAll: TrustProxy = () => true
const trustNone: TrustProxy = () => false

/**
 * The trust function for an option value, or null when forwarded headers are ignored (`false`).
 * A number (a hop count) trusts no address: it cannot tell whether the socket's peer is a proxy,
 * so honouring it would let any client forge its address (as Fastify 5.12 does, for that reason).
 */
export function compileTrustProxy(option: TrustProxyOption): TrustProxy | null {
  if (option === false) return null
  if (option === true) return trustAll
  if (typeof option === 'function') return option
  if (typeof option === 'number') return trustNone
  const list = typeof option === 'string' ? option.split(',').map((entry) => entry.trim()) : [...option]
  return proxyAddr.compile(list)
}

/** True when `value` is one of the forms `trustProxy` accepts. */
export function isTrustProxyOption(value: unknown): value is TrustProxyOption {
  if (typeof value === 'boolean' || typeof value === 'string' || typeof value === 'function') return true
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string')
}

/** The addresses of the request's chain, nearest first, up to and including the first untrusted one. */
export function forwardingChain(raw: Parameters<typeof proxyAddr.all>[0], trust: TrustProxy): string[] {
  return proxyAddr.all(raw, trust)
}
