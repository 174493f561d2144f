/**
 * The runtimes of the matrix and how each starts the example of examples/runtimes: Node, Bun
 * (`Bun.serve` with `app.fetch`, and `listen()` on its node:http), Deno (`Deno.serve`, and
 * `listen()`) and Cloudflare's workerd (the Worker entry, bundled as a Workers bundler would).
 * The binaries come from the npm packages `bun`, `deno` and `workerd` (devDependencies).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const examples = join(root, 'dist', 'examples', 'runtimes')

/**
 * A runtime's binary: the file its platform package ships, else the package's `.bin` link (where
 * the package's own install step ran and moved the file there; without it, the link is a stub).
 */
export function binary(name: 'bun' | 'deno' | 'workerd'): string {
  const candidates = {
    bun: ['node_modules/@oven/bun-linux-x64/bin/bun', 'node_modules/.bin/bun'],
    deno: ['node_modules/@deno/linux-x64-glibc/deno', 'node_modules/.bin/deno'],
    workerd: ['node_modules/@cloudflare/workerd-linux-64/bin/workerd', 'node_modules/.bin/workerd'],
  }[name].map((path) => join(root, path))
  const found = candidates.find((path) => existsSync(path))
  if (found === undefined) throw new Error(`the ${name} binary is not installed (looked at ${candidates.join(', ')}): run npm ci`)
  return found
}

/** A started runtime: the origin it serves, and how to stop it. */
export interface Started {
  origin: string
  output: () => string
  stop: () => Promise<void>
}

export interface Runtime {
  name: string
  start: () => Promise<Started>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Spawns a process and resolves once `ready(output)` gives an origin; fails with its output when it exits first or takes too long. */
function launch(command: string, args: string[], ready: (output: string) => Promise<string | null> | string | null, cwd = root): Promise<Started> {
  const child: ChildProcess = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const stop = (): Promise<void> => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 30_000
    const poll = async (): Promise<void> => {
      if (child.exitCode !== null) return reject(new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}:\n${output}`))
      if (Date.now() > deadline) {
        await stop()
        return reject(new Error(`${command} ${args.join(' ')} did not start within 30 s:\n${output}`))
      }
      const origin = await ready(output)
      if (origin !== null) return resolve({ origin, output: () => output, stop })
      setTimeout(() => void poll(), 100)
    }
    void poll()
  })
}

/** The origin an entry printed (`listening http://…`). */
function printedOrigin(output: string): string | null {
  return /listening (http:\/\/[\d.:]+)/.exec(output)?.[1] ?? null
}

/** Whether something answers at `origin` yet. */
async function answers(origin: string): Promise<boolean> {
  try {
    await fetch(`${origin}/open`)
    return true
  } catch {
    return false
  }
}

/** The workerd configuration serving `bundle` on `port`, with Node's APIs (`nodejs_compat`) and the given compatibility flags. */
function workerdConfig(bundle: string, port: number, flags: string[]): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "${bundle}") ],
  compatibilityDate = "2026-01-01",
  compatibilityFlags = [${['nodejs_compat', ...flags].map((flag) => JSON.stringify(flag)).join(', ')}],
);
`
}

/** Starts a Worker entry of dist/examples/runtimes on workerd, bundled first (scripts/bundle-worker.js). */
export async function startWorker(entry: string, flags: string[] = []): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'warren-workerd-'))
  const { bundleWorker } = (await import(join(root, 'scripts', 'bundle-worker.js'))) as { bundleWorker: (entry: string, out: string) => Promise<void> }
  await bundleWorker(join(examples, entry), join(dir, 'worker.js'))
  const port = await freePort()
  writeFileSync(join(dir, 'config.capnp'), workerdConfig('worker.js', port, flags))
  const origin = `http://127.0.0.1:${port}`
  return launch(binary('workerd'), ['serve', 'config.capnp'], async () => ((await answers(origin)) ? origin : null), dir)
}

const entry = (file: string): string => join(examples, file)

/** The runtimes of the matrix. */
export const runtimes: Runtime[] = [
  { name: 'Node: listen()', start: () => launch(process.execPath, [entry('node.js')], printedOrigin) },
  { name: 'Bun: Bun.serve + app.fetch', start: () => launch(binary('bun'), [entry('bun-serve.js')], printedOrigin) },
  { name: 'Bun: listen()', start: () => launch(binary('bun'), [entry('node.js')], printedOrigin) },
  { name: 'Deno: Deno.serve + app.fetch', start: () => launch(binary('deno'), ['run', '-A', entry('deno-serve.js')], printedOrigin) },
  { name: 'Deno: listen()', start: () => launch(binary('deno'), ['run', '-A', entry('node.js')], printedOrigin) },
  { name: 'workerd: export default { fetch }', start: () => startWorker('worker.js') },
]

export { root as repositoryRoot, examples as examplesDir }
