/**
 * @module model/http-methods
 * The HTTP methods an application accepts routes for, and which of them carry a body: one registry
 * per application, read by route declaration and body parsing.
 */

const defaultBodyless = ['GET', 'HEAD', 'TRACE']
// QUERY: RFC 10008, a safe method whose query travels in the body
const defaultWithBody = ['DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY']

export class HttpMethods {
  readonly #bodyless = new Set(defaultBodyless)
  readonly #withBody = new Set(defaultWithBody)

  has(method: string): boolean {
    return this.#bodyless.has(method) || this.#withBody.has(method)
  }

  /** Whether a request with this method has a body to parse. */
  hasBody(method: string): boolean {
    return this.#withBody.has(method)
  }

  /** Accepts `method`; an accepted method changes sides. */
  set(method: string, hasBody: boolean): void {
    if (hasBody) {
      this.#bodyless.delete(method)
      this.#withBody.add(method)
    } else {
      this.#withBody.delete(method)
      this.#bodyless.add(method)
    }
  }

  /** Body-less methods first, each group in the order accepted. */
  list(): string[] {
    return [...this.#bodyless, ...this.#withBody]
  }
}
