/**
 * @module examples/conduit/auth/password
 * Passwords stored as scrypt hashes (node:crypto: nothing to install, no native build):
 * `scrypt$<salt>$<hash>`, both base64, checked in constant time.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type BinaryLike } from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(scryptCallback) as (password: BinaryLike, salt: BinaryLike, length: number) => Promise<Buffer>
const keyLength = 64

/** The stored form of a password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scrypt(password.normalize('NFKC'), salt, keyLength)
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`
}

/** Whether `password` is the one `stored` was made from. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$')
  if (kind !== 'scrypt' || salt === undefined || hash === undefined) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length)
  return timingSafeEqual(actual, expected)
}
