// Reads a callgrind dump of a Node process: instructions (`Ir`) per function, self and inclusive,
// with V8's compiled JavaScript named from the process's perf map (`--perf-basic-prof`).
import { existsSync, readFileSync } from 'node:fs'

/** The total `Ir` of a dump. */
export function totalOf(file) {
  const match = /^(?:summary|totals): (\d+)/m.exec(readFileSync(file, 'utf8'))
  return Number(match[1])
}

/**
 * Code ranges of the process's perf map, sorted by start. V8 reuses code space, so a range may
 * have held several functions: the entry written last wins (`order`).
 */
function perfMap(pid) {
  const file = `/tmp/perf-${pid}.map`
  if (!existsSync(file)) return []
  const entries = []
  const lines = readFileSync(file, 'utf8').split('\n')
  for (let order = 0; order < lines.length; order++) {
    const match = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(lines[order])
    if (match) entries.push({ start: parseInt(match[1], 16), size: parseInt(match[2], 16), name: match[3], order })
  }
  return entries.sort((a, b) => a.start - b.start)
}

/** A function that names a callgrind function label, JIT addresses looked up in the perf map. */
function namer(pid) {
  const map = perfMap(pid)
  const cache = new Map()
  const at = (address) => {
    let lo = 0
    let hi = map.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (map[mid].start <= address) lo = mid + 1
      else hi = mid - 1
    }
    let best = null
    // ranges are short: the candidates start shortly before the address
    for (let i = hi; i >= 0 && i > hi - 200; i--) {
      const entry = map[i]
      if (address < entry.start + entry.size && (best === null || entry.order > best.order)) best = entry
    }
    return best?.name ?? null
  }
  return (label) => {
    let name = cache.get(label)
    if (name === undefined) {
      const hex = /0x([0-9a-f]{8,})/.exec(label)
      name = (hex ? at(parseInt(hex[1], 16)) : null) ?? label
      // callgrind's recursion suffix ('2)
      name = name.replace(/'\d+$/, '')
      cache.set(label, name)
    }
    return name
  }
}

/**
 * Self and inclusive instructions per function name, and the calls between them. Callgrind sees each stretch of JIT code as a
 * function of its own: stretches that resolve to the same JavaScript function are merged, and
 * calls between them are not counted as calls. Inclusive = self + the calls it makes to others
 * (recursion through other functions is counted twice, as callgrind_annotate does).
 */
export function functionCosts(file, pid) {
  const name = namer(pid)
  const names = new Map()
  const self = new Map()
  const inclusive = new Map()
  /** caller name -> callee name -> inclusive cost of those calls */
  const calls = new Map()
  let fn = null
  let callee = null
  let inCall = null
  const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value)
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('fn=') || line.startsWith('cfn=')) {
      const match = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line)
      if (match[2] !== undefined) names.set(match[1], name(match[2]))
      if (line[0] === 'f') fn = names.get(match[1])
      else callee = names.get(match[1])
      continue
    }
    if (line.startsWith('calls=')) {
      inCall = callee
      continue
    }
    if (fn === null || line === '' || !/^[\d+*-]/.test(line)) continue
    const cost = Number(line.split(' ')[1] ?? 0)
    if (inCall !== null) {
      if (inCall !== fn) {
        add(inclusive, fn, cost)
        if (!calls.has(fn)) calls.set(fn, new Map())
        add(calls.get(fn), inCall, cost)
      }
      inCall = null
    } else {
      add(self, fn, cost)
      add(inclusive, fn, cost)
    }
  }
  return { self, inclusive, calls }
}
