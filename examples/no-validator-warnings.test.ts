import { afterEach, describe, expect, it, vi } from 'vitest'
import { examples } from './catalogue.js'

// Ajv reports schemas its strict mode dislikes (a keyword without its type, a loose tuple) with
// console.warn at start-up: none of the examples may make it speak
describe('the examples compile without validator warnings', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each(examples.map((example) => [example.name, example] as const))('%s', async (_name, example) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const app = example.build()
    await app.ready()
    await app.close()
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/strict mode/)
    expect(warn).not.toHaveBeenCalled()
  })
})
