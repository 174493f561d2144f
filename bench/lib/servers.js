// Starts and stops the benchmark servers, each in its own child process.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const serverScript = fileURLToPath(new URL('../server.js', import.meta.url))

/** The frameworks compared, in the order of the table. */
export const frameworks = ['warren', 'fastify', 'node-http']

/**
 * Forks `bench/server.js` for one framework and resolves once it listens:
 * `{ framework, url, rss(), cpu(), stop() }` (`cpu()`: microseconds of CPU the server has used). `execArgv` adds Node flags (e.g. `--cpu-prof`),
 * and so does BENCH_SERVER_FLAGS for every server (V8 flags NODE_OPTIONS refuses, e.g. `--no-allocation-site-pretenuring`).
 */
export function startServer(framework, execArgv = []) {
  return new Promise((resolve, reject) => {
    const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter((flag) => flag !== '')
    const child = fork(serverScript, [framework], { execArgv: ['--expose-gc', ...flags, ...execArgv], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    const onExit = (code) => reject(new Error(`${framework} server exited with code ${code} before listening`))
    child.once('exit', onExit)
    child.once('error', reject)
    child.once('message', (message) => {
      child.removeListener('exit', onExit)
      resolve({ framework, url: message.url, rss: () => ask(child, 'rss'), cpu: () => ask(child, 'cpu').then((m) => m.cpu), collections: () => ask(child, 'gc'), stop: () => stopChild(child) })
    })
  })
}

function ask(child, question) {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message))
    child.send(question)
  })
}

/** Disconnects the child (it exits on its own, flushing a `--cpu-prof` profile) and waits for it. */
function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.disconnect()
  })
}
