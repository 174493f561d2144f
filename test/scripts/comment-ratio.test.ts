import { describe, expect, it } from 'vitest'
// @ts-expect-error the script is plain JavaScript, without declarations
import { measure } from '../../scripts/comment-ratio.js'

interface FileFigures {
  path: string
  header: number
}
interface Figures {
  files: FileFigures[]
  folders: Record<string, { lines: number; comments: number; ratio: number }>
  total: { lines: number; comments: number; ratio: number }
}

/** The share of comment lines src/ may hold: reasons longer than a line belong in docs/architecture.md. */
const MAX_RATIO = 0.2

describe('comments in src/', () => {
  const figures = measure() as Figures

  it(`are at most ${MAX_RATIO * 100}% of its non-blank lines`, () => {
    const percent = (figures.total.ratio * 100).toFixed(1)
    console.log(`src/: ${figures.total.comments} comment lines of ${figures.total.lines} non-blank (${percent}%)`)
    expect(figures.total.lines).toBeGreaterThan(10_000)
    expect(figures.total.ratio).toBeLessThanOrEqual(MAX_RATIO)
  })

  it('open each file with a module header of at most five lines', () => {
    const long = figures.files.filter((file) => file.header > 5).map((file) => `${file.path}: ${file.header} lines`)
    expect(long).toEqual([])
  })
})
