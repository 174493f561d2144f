/**
 * @module examples/conduit/articles/slug
 * Slugs: the title in lower case, accents dropped, words joined by dashes (`How to train your
 * dragon` → `how-to-train-your-dragon`), with a short random suffix when the plain one is taken.
 */
import { randomBytes } from 'node:crypto'

/** The plain slug of a title (`article` when nothing of it is left). */
export function slugOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return words === '' ? 'article' : words
}

/** The slug with a suffix no other article is likely to have. */
export function suffixed(slug: string): string {
  return `${slug}-${randomBytes(4).toString('hex')}`
}
