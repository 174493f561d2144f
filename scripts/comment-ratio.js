// Measures how much of src/ is comments: per folder, in total, and each file's module header.
// A comment line is one whose trimmed text starts with //, /*, * or */; the ratio is over non-blank lines.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

function tsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return tsFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

const isComment = (line) => /^(\/\/|\/\*|\*)/.test(line)

/** Text lines of the comment block a file starts with (its module header), delimiters left out; 0 when it starts with code. */
function headerLength(lines) {
  if (!lines[0]?.trim().startsWith('/*')) return 0
  const end = lines.findIndex((line) => line.includes('*/'))
  return lines.slice(0, end + 1).filter((line) => !/^\s*(\/\*\*?|\*\/)\s*$/.test(line)).length
}

/** `{ files: [{ path, folder, code, comments, header }], folders: { name: { code, comments, ratio } }, total }` for src/. */
export function measure(dir = join(root, 'src')) {
  const base = join(dir, '..')
  const files = tsFiles(dir).map((file) => {
    const lines = readFileSync(file, 'utf8').split('\n')
    const nonBlank = lines.map((line) => line.trim()).filter((line) => line !== '')
    const comments = nonBlank.filter(isComment).length
    const path = relative(base, file).split('\\').join('/')
    const folder = path.split('/').length > 2 ? path.split('/').slice(0, 2).join('/') : 'src/*.ts'
    return { path, folder, lines: nonBlank.length, comments, header: headerLength(lines) }
  })
  const folders = {}
  for (const file of files) {
    const entry = (folders[file.folder] ??= { lines: 0, comments: 0, ratio: 0 })
    entry.lines += file.lines
    entry.comments += file.comments
  }
  for (const entry of Object.values(folders)) entry.ratio = entry.comments / entry.lines
  const lines = files.reduce((sum, file) => sum + file.lines, 0)
  const comments = files.reduce((sum, file) => sum + file.comments, 0)
  return { files, folders, total: { lines, comments, ratio: comments / lines } }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, folders, total } = measure(process.argv[2])
  const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`
  for (const [name, entry] of Object.entries(folders).sort()) console.log(`${name.padEnd(20)} ${String(entry.comments).padStart(5)} / ${String(entry.lines).padStart(5)}  ${percent(entry.ratio)}`)
  console.log(`${'src (total)'.padEnd(20)} ${String(total.comments).padStart(5)} / ${String(total.lines).padStart(5)}  ${percent(total.ratio)}`)
  const long = files.filter((file) => file.header > 5).sort((a, b) => b.header - a.header)
  console.log(`\nmodule headers longer than five lines: ${long.length}`)
  for (const file of long) console.log(`  ${String(file.header).padStart(3)}  ${file.path}`)
}
