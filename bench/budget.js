// Scenario 2's per-request budget, stage by stage, warren against the hand-written node:http
// server (bench/results.md, "Per-request budget"):
//   npm run build && node bench/budget.js [requests=6000]
// Three measurements of each server, all on the same load (bench/lib/callgrind-run.js: warmed up
// on every scenario, 10 connections × 10 requests in flight):
// 1. instructions per request under callgrind, as `npm run bench:instructions` counts them;
// 2. the same with V8's inlining off: each function keeps its own instructions, so they can be
//    put in stages. Every function's own instructions go to a stage by its name (the
//    rules below); those of a function no rule names (V8's builtins, Node's C++) go to the stages
//    of whoever called it, in proportion to the calls. The stages are then scaled to the total of
//    measurement 1, and garbage collection is what measurement 1 counted in the collector;
// 3. the main thread's user CPU time per request, natively (not under Valgrind, the two servers
//    taking turns), to convert instructions to µs at the rate measured over both.
import { functionCosts } from './lib/callgrind.js'
import { clearDumps, countInstructions, measureNative } from './lib/callgrind-run.js'
import { scenarios } from './scenarios.js'

const requests = Number(process.argv[2] ?? 6000)
const scenario = scenarios.find((s) => s.id === 2)
const load = { scenario, requests, rounds: 2, warmup: 20000, prime: true, connections: 10, pipelining: 10 }
const servers = ['node-http', 'warren']

const GC = 'Garbage collection (young generation)'
const NODE = "Node's HTTP machinery: parser, request and response objects, streams, ticks"
const stages = [
  'Routing, request and reply objects',
  'Body reading: listeners, chunks, concatenation, decoding',
  'Content-type lookup',
  'JSON parse + poisoning check',
  'Validation (wrapper / validator)',
  'Handler and return-value path',
  'Serialization (send, serializer choice, serializer)',
  'Header building (writeHead)',
  'Write (end, socket write, its callbacks)',
  'Pipeline glue between stages',
  NODE,
  GC,
]

const core = (...names) => new RegExp(`^JS:\\W?(${names.join('|')}) \\S*/chunks/core-`)
const node = (module, ...names) => new RegExp(`^JS:\\W?(${names.join('|')}) node:${module}:`)
const floor = (...names) => new RegExp(`^JS:\\W?(${names.join('|')}) \\S*/bench/apps/node-http\\.js:`)

/** Stage of a function by its name, first match; `null`: charged to its callers. */
const rules = [
  [/^(v8::internal::(Heap|Scaveng|IterateAndScavenge|RootScavenge|GCTracer|MemoryAllocator|SemiSpace|NewSpace|PagedSpace|Sweeper|MarkCompact|ConcurrentMarking|IncrementalMarking|LocalHeap|Evacuat)|heap::base::|.*Scavenge)/, GC],
  // warren's own functions
  [core('RootState\\.dispatch', 'handleRequest', 'createExchange', 'ContextRequest', 'ContextReply', 'generate', 'requestLogger', 'assignDecoratorProps'), 0],
  [core('readBody', 'BodyRead', 'BodyRead\\.on\\w+', 'listen', 'data', 'end', 'error', 'close', 'finish', 'refuse', 'aborted', '<instance_members_initializer>'), 1],
  [core('find', 'hasBody', 'missesContentType', '#lookup', 'essenceOf', 'parametersOf'), 2],
  [core('parseJson'), 3],
  [core('runValidation', 'validate', 'run', 'readPart', 'failureOf', 'afterValidation'), 4],
  [core('runPreHandler', 'runHandler', 'isTraced', 'isHandlerTraced', 'callHandler', 'sendReturnValue', 'continueAfter\\$?\\d*', 'guarded', 'sendResolvedValue', 'isThenable', 'code'), 5],
  [core('send', 'serializeInSend', 'serialize', 'serializerFor', 'forStatus', 'declareTextType', 'isBinary', 'isStream', 'isWebStream', 'isWebResponse', 'runOnSend'), 6],
  [core('writeHead', 'closeConnectionIfClosing', 'hasNoBody'), 7],
  [core('writeResponse'), 8],
  [core('runPreParsing', 'runParsing', 'parseBody', 'BodyParsing', 'bodyRead', 'afterRead', 'parse', 'settle', 'runPreValidation', 'callParser', 'requestScope'), 9],
  [/^JS:\W?\s\S*\/chunks\/core-/, 9], // unnamed arrow functions: the server's entry, continueAfter's
  // the hand-written server
  [floor('route'), 0],
  [floor('createUser', 'onChunk'), 1],
  [floor('readUser', 'isString', 'isTag'), 4],
  [floor('onEnd'), 5],
  [floor('sendJson'), 8],
  // libraries
  [/find-my-way|fast-querystring|^JS:\W?now node:internal\/perf|^JS:\W?hrtime node:/, 0],
  [/secure-json-parse|JsonParse|JsonParser|^RegExp:"\(\?:(_|c)\|/, 3],
  [/ajv|^JS:\W?validate\d+ :|^RegExp:\^\[a-z0-9/, 4],
  [/^JS:\W?\S+ \S*\/bench\/apps\/shared-routes\.js|^Builtins_(Promise|RunMicrotasks|AsyncFunction|ResolvePromise|FulfillPromise|NewPromiseCapability|PerformPromiseThen|EnqueueMicrotask)/, 5],
  [/fast-json-stringify|JsonStringif|^JS:\W?anonymous\d+ :\d+:/, 6],
  // Node's functions the stages call
  [node('diagnostics_channel', 'get hasSubscribers'), 5],
  [node('internal/streams/readable', 'Readable\\.on', 'Readable\\.resume'), 1],
  [node('events', '_addListener', 'addListener', 'checkListener'), 1],
  [node('buffer', 'concat', 'toString', 'allocate', '_copyActual', 'alignPool', 'createPool', 'allocUnsafe'), 1],
  [node('_http_server', 'writeHead'), 7],
  [node('_http_outgoing', '_storeHeader', 'storeHeader', 'processHeader', 'matchHeader', 'isContentDispositionField', ''), 7],
  [node('_http_common', 'checkInvalidHeaderChar', 'checkIsHttpToken'), 7],
  [/^RegExp:(\[\^\\t|\^\[\\\^_)/, 7],
  [node('_http_outgoing', 'end', 'write_', '_send', '_writeRaw', '_flush', 'onFinish'), 8],
  [node('buffer', 'byteLength'), 8],
  [node('internal/streams/writable', 'Writable\\.write', '_write', 'writeOrBuffer', 'doWrite', 'clearBuffer', 'Writable\\.uncork', 'Writable\\.cork', 'onwrite', 'afterWrite', 'afterWriteTick', 'callback'), 8],
  [node('net', 'Socket\\._writeGeneric', 'Socket\\._writev', 'Socket\\._write'), 8],
  [node('internal/stream_base_commons', 'writevGeneric', 'writeGeneric', 'createWriteWrap', 'afterWriteDispatched', 'onWriteComplete'), 8],
  [/^(JS|RegExp):/, 10],
  [/^(uv_|node::|\(below main\)|main$|0x|start_thread|clone)/, 10],
]

function stageOf(name) {
  for (const [pattern, stage] of rules) if (pattern.test(name)) return typeof stage === 'number' ? stages[stage] : stage
  return null
}

/**
 * Instructions per stage in a dump: each function's own instructions to its stage, those of a
 * function without one to its callers' stages in proportion to their calls (iterated, since
 * builtins call each other).
 */
function stageCosts(file, pid, sent) {
  const { self, calls } = functionCosts(file, pid)
  const callers = new Map()
  for (const [caller, callees] of calls) {
    for (const [callee, cost] of callees) {
      if (!callers.has(callee)) callers.set(callee, new Map())
      callers.get(callee).set(caller, cost)
    }
  }
  const share = new Map()
  const names = new Set([...self.keys(), ...callers.keys()])
  for (const name of names) {
    const stage = stageOf(name)
    share.set(name, new Map([[stage ?? NODE, 1]]))
  }
  for (let round = 0; round < 30; round++) {
    for (const name of names) {
      if (stageOf(name) !== null) continue
      const from = callers.get(name)
      if (from === undefined) continue
      let total = 0
      for (const cost of from.values()) total += cost
      if (total === 0) continue
      const mix = new Map()
      for (const [caller, cost] of from) {
        for (const [stage, part] of share.get(caller) ?? new Map([[NODE, 1]])) mix.set(stage, (mix.get(stage) ?? 0) + (part * cost) / total)
      }
      share.set(name, mix)
    }
  }
  const byStage = new Map(stages.map((stage) => [stage, 0]))
  for (const [name, cost] of self) {
    for (const [stage, part] of share.get(name)) byStage.set(stage, byStage.get(stage) + (cost * part) / sent)
  }
  return byStage
}

clearDumps()
const normal = await countInstructions({ ...load, servers })
const attribution = await countInstructions({ ...load, servers, nodeFlags: ['--no-turbo-inlining'] })
const native = await measureNative({ ...load, servers, requests: 30000, rounds: 6 })
const rows = []
for (const name of servers) {
  const total = normal.find((r) => r.name === name)
  const split = attribution.find((r) => r.name === name)
  const perRequest = total.perRequest[total.perRequest.length - 1]
  const gc = gcOf(total.dump, total.pid, total.sent)
  const costs = stageCosts(split.dump, split.pid, split.sent)
  let attributed = 0
  for (const [stage, cost] of costs) if (stage !== GC) attributed += cost
  const scale = (perRequest - gc) / attributed
  rows.push({ name, perRequest, microseconds: native[name], stages: new Map([...costs].map(([stage, cost]) => [stage, stage === GC ? gc : cost * scale])) })
}

/** Instructions per request counted inside the collector in a normal dump. */
function gcOf(file, pid, sent) {
  const { inclusive } = functionCosts(file, pid)
  let inside = 0
  for (const [name, cost] of inclusive) if (name.startsWith('v8::internal::Heap::CollectGarbage(')) inside += cost
  return inside / sent
}

const fmt = (n) => Math.round(n).toLocaleString('en')
const [floorRow, warrenRow] = rows
// one rate for both servers, so that the µs columns differ as the instructions do
const nsPerInstruction = ((floorRow.microseconds + warrenRow.microseconds) * 1000) / (floorRow.perRequest + warrenRow.perRequest)
process.stdout.write(`| stage | node:http instructions | warren instructions | node:http µs | warren µs | warren − node:http µs |\n|---|---:|---:|---:|---:|---:|\n`)
for (const stage of stages) {
  const a = floorRow.stages.get(stage)
  const b = warrenRow.stages.get(stage)
  const aus = (a * nsPerInstruction) / 1000
  const bus = (b * nsPerInstruction) / 1000
  process.stdout.write(`| ${stage} | ${fmt(a)} | ${fmt(b)} | ${aus.toFixed(2)} | ${bus.toFixed(2)} | ${(bus - aus).toFixed(2)} |\n`)
}
const totalUs = (row) => (row.perRequest * nsPerInstruction) / 1000
process.stdout.write(`| total (main thread, user space) | ${fmt(floorRow.perRequest)} | ${fmt(warrenRow.perRequest)} | ${totalUs(floorRow).toFixed(2)} | ${totalUs(warrenRow).toFixed(2)} | ${(totalUs(warrenRow) - totalUs(floorRow)).toFixed(2)} |\n`)
process.stdout.write(`\nmain thread's user CPU per request, measured natively: node:http ${floorRow.microseconds.toFixed(2)} µs, warren ${warrenRow.microseconds.toFixed(2)} µs; one rate for both, ${nsPerInstruction.toFixed(3)} ns per instruction\n`)
