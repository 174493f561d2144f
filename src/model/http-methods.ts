/**
 * @module model/http-methods
 * The HTTP methods an application accepts routes for, and which of them carry a request body.
 * One registry per application: `addHttpMethod` adds to it from any context, route declaration
 * checks against it, and body parsing asks it whether a method's request has a body to read.
 */

/** The methods every application accepts: body-less ones, then those with a body. */
const defaultBodyless = ['GET', 'HEAD', 'TRACE']
// QUERY: RFC 10008, a safe method whose query travels in the body
const defaultWithBody = ['DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY']

/** The accepted methods, upper-case; each is either body-less or with a body, never both. */
export class HttpMethods {
  readonly #bodyless = new Set(defaultBodyless)
  readonly #withBody = new Set(defaultWithBody)

  /** Whether routes may be declared for `method` (upper-case). */
  has(method: string): boolean {
    return this.#bodyless.has(method) || this.#withBody.has(method)
  }

  /** Whether a request with this method has a body to parse (false for a method not accepted). */
  hasBody(method: string): boolean {
    return this.#withBody.has(method)
  }

  /** Accepts `method`, with or without a body; an accepted method changes sides. */
  set(method: string, hasBody: boolean): void {
    if (hasBody) {
      this.#bodyless.delete(method)
      this.#withBody.add(method)
    } else {
      this.#withBody.delete(method)
      this.#bodyless.add(method)
    }
  }

  /** Every accepted method: the body-less ones first, each group in the order it was accepted. */
  list(): string[] {
    return [...this.#bodyless, ...this.#withBody]
  }
}
