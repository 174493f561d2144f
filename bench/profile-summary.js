// Summarises a V8 CPU profile (`node --cpu-prof`, or `npm run bench -- --profile DIR`):
//   node bench/profile-summary.js FILE.cpuprofile [TOP]
// Prints the functions with the most self time, and the warren functions with the most total
// time (self plus callees), each with its share of the sampled time.
import { readFileSync } from 'node:fs'

const [file, topArg] = process.argv.slice(2)
const top = Number(topArg ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8'))
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const selfSamples = new Map()
for (const id of profile.samples) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1)
const total = profile.samples.length

function label(node) {
  const { functionName, url, lineNumber } = node.callFrame
  const where = url ? url.replace(/^.*\/(node_modules\/|dist\/)/, '$1') + ':' + (lineNumber + 1) : ''
  return `${functionName || '(anonymous)'} ${where}`.trim()
}

const self = new Map()
const inclusive = new Map()
function walk(node, onStack) {
  const name = label(node)
  const own = selfSamples.get(node.id) ?? 0
  self.set(name, (self.get(name) ?? 0) + own)
  let sum = own
  const stack = new Set(onStack).add(name)
  for (const childId of node.children ?? []) sum += walk(byId.get(childId), stack)
  // recursion: count a frame once per stack
  if (!onStack.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + sum)
  return sum
}
walk(profile.nodes[0], new Set())

const pct = (n) => ((n / total) * 100).toFixed(1).padStart(5) + '%'
const print = (title, entries) => {
  process.stdout.write(`\n${title}\n`)
  for (const [name, n] of entries) process.stdout.write(`${pct(n)}  ${name}\n`)
}
print(`self time (${total} samples)`, [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
print('total time, warren', [...inclusive].filter(([name]) => /dist\/(src|bundle)\//.test(name)).sort((a, b) => b[1] - a[1]).slice(0, top))
