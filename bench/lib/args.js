// Command-line options of `npm run bench`.
import { parseArgs } from 'node:util'

const usage = `usage: node bench/run.js [options]
  --rounds N           rounds of every scenario per framework (default 3)
  --duration S         seconds per measurement (default 5)
  --connections N      autocannon connections (default 100)
  --pipelining N       autocannon pipelining (default 10)
  --warmup N           warm-up requests per server and scenario (default 20000)
  --scenario LIST      scenarios to run, e.g. 1,3 (default all; "none" for none); 6 is the Zod comparison
                       (warren with Zod and with TypeBox, Fastify + fastify-type-provider-zod, Hono + @hono/zod-validator)
  --startup-routes L   route counts for the start-up check (default 100,1000; "none" to skip)
  --startup-reps N     fresh processes per start-up figure (default 5)
  --memory             also run the memory check (1,000,000 requests of scenarios 2 and 5, warren and Fastify; slow)
  --memory-requests N  requests of the memory check (default 1000000; RSS is compared to the first tenth)
  --runtimes LIST      runtime comparisons: bun (warren, Hono, Elysia on Bun), fetch (app.fetch against Hono's in-process on Node); default bun,fetch, "none" to skip
  --same-routes        give warren and Fastify the same TypeBox schema objects and the same route code (bench/apps/shared-routes.js)
  --profile DIR        run warren with --cpu-prof, writing its profiles to DIR
  --out DIR            write results.md and ratios.svg to DIR instead of bench/
  --help`

function list(value, fallback) {
  if (value === undefined) return fallback
  if (value === 'none') return []
  return value.split(',').map(Number)
}

/** Parses `argv` into the benchmark's settings. */
export function parseSettings(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      rounds: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      pipelining: { type: 'string' },
      warmup: { type: 'string' },
      scenario: { type: 'string' },
      'startup-routes': { type: 'string' },
      'startup-reps': { type: 'string' },
      memory: { type: 'boolean' },
      'memory-requests': { type: 'string' },
      profile: { type: 'string' },
      'same-routes': { type: 'boolean' },
      runtimes: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) return { help: usage }
  const quick = Number(values.duration ?? 5) < 2
  return {
    rounds: Number(values.rounds ?? 3),
    duration: Number(values.duration ?? 5),
    connections: Number(values.connections ?? 100),
    pipelining: Number(values.pipelining ?? 10),
    warmupRequests: Number(values.warmup ?? (quick ? 5000 : 20000)),
    scenarios: list(values.scenario, [1, 2, 3, 4, 5, 6]),
    startupRoutes: list(values['startup-routes'], [100, 1000]),
    startupReps: Number(values['startup-reps'] ?? (quick ? 1 : 5)),
    memory: values.memory === true,
    memoryRequests: Number(values['memory-requests'] ?? 1_000_000),
    profile: values.profile ?? null,
    sameRoutes: values['same-routes'] === true,
    runtimes: values.runtimes === undefined ? ['bun', 'fetch'] : values.runtimes === 'none' ? [] : values.runtimes.split(','),
    out: values.out ?? null,
  }
}
