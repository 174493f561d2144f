/**
 * @module Static keys: whether a presented key is one of them, in time that says neither which key
 * matched nor where a wrong one differs.
 */
import { createHash, timingSafeEqual } from 'node:crypto'

// compared as SHA-256 digests: equal lengths, so timingSafeEqual reveals neither where a key differs nor its length
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

export function keyMatcher(keys: Iterable<string>): (key: string) => boolean {
  const accepted = [...keys].map(digest)
  return (key) => {
    const candidate = digest(key)
    let matched = false
    // every key is compared, so the time taken does not say which one (if any) matched
    for (const acceptedKey of accepted) matched = timingSafeEqual(candidate, acceptedKey) || matched
    return matched
  }
}
