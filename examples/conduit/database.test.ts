/**
 * The Conduit's database as the application lives with it: migrations applied once at start-up
 * (in one transaction: a failing one leaves nothing behind), data and the token secret kept in a
 * PGlite data directory across restarts, the database closed by close(), a start that fails with
 * the reason when the server cannot be reached, a readiness check that says when the database stops
 * answering, and the `npm run conduit` process started and stopped by a signal.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { client } from 'warren/client'
import { buildConduit, type ConduitApi } from './app.js'
import { openDatabase } from './database/database.js'
import { migrate, migrations } from './database/migrations.js'

const work = mkdtempSync(join(tmpdir(), 'conduit-db-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('conduit: the database across starts', () => {
  it('migrates a new data directory once, keeps users and the token secret across a restart, and closes the database on close()', async () => {
    const dataDir = join(work, 'data')
    const first = buildConduit({ database: { dataDir } })
    const registered = await client<ConduitApi>({ app: first }).post('/api/users', { body: { user: { username: 'kept', email: 'kept@conduit.test', password: 'kept password' } } })
    expect(registered.status).toBe(201)
    if (registered.status !== 201) return
    const migrated = await first.db.query<{ id: number }>('select id from conduit_migrations order by id')
    expect(migrated.map((row) => row.id)).toEqual(migrations.map((step) => step.id))
    await first.close()
    // close() closed the database: PGlite refuses queries after it
    await expect(first.db.query('select 1')).rejects.toThrow()

    const second = buildConduit({ database: { dataDir } })
    await second.ready()
    expect(await migrate(second.db)).toEqual([])
    const api = client<ConduitApi>({ app: second })
    // the secret was kept with the data: the token from before the restart is still good
    expect(await api.get('/api/user', { headers: { authorization: `Token ${registered.body.user.token}` } })).toMatchObject({ status: 200, body: { user: { username: 'kept' } } })
    expect((await api.post('/api/users/login', { body: { user: { email: 'kept@conduit.test', password: 'kept password' } } })).status).toBe(200)
    await second.close()
  }, 60_000)

  it('applies a migration with its record in one transaction: one that fails leaves neither behind', async () => {
    const db = await openDatabase({})
    try {
      expect(await migrate(db)).toEqual([1, 2])
      const broken = [...migrations, { id: 3, name: 'broken', sql: 'create table half_done (id integer); select no_such_column from half_done;' }]
      await expect(migrate(db, broken)).rejects.toThrow(/no_such_column/)
      expect(await db.query("select to_regclass('half_done') as table")).toEqual([{ table: null }])
      expect((await db.query<{ id: number }>('select id from conduit_migrations order by id')).map((row) => row.id)).toEqual([1, 2])
      const fixed = [...migrations, { id: 3, name: 'fixed', sql: 'create table half_done (id integer);' }]
      expect(await migrate(db, fixed)).toEqual([3])
      expect(await migrate(db, fixed)).toEqual([])

      // the readiness check follows the database
      const app = buildConduit({ database: db, jwtSecret: 'x' })
      expect((await app.inject('/health')).statusCode).toBe(200)
      await db.close()
      const down = await app.inject('/health')
      expect(down.statusCode).toBe(503)
      expect(down.json()).toEqual({ errors: { body: ['the database does not answer'] } })
      await app.close()
    } finally {
      await db.close().catch(() => {})
    }
  }, 60_000)

  it('fails ready() with the reason when DATABASE_URL names a server that does not answer', async () => {
    const port = await closedPort()
    const app = buildConduit({ database: { url: `postgres://conduit:secret@127.0.0.1:${port}/conduit` } })
    const failure = await app.ready().then(
      () => null,
      (error: Error) => error,
    )
    expect(failure?.message).toBe(`cannot open the database (PostgreSQL at 127.0.0.1:${port}/conduit): ECONNREFUSED`)
    expect(failure?.message).not.toContain('secret')
  })
})

/** Runs the built server (`npm run conduit` after its build) with `env`; resolves with its log lines and exit code. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['dist/examples/conduit/server.js'], { env: { ...process.env, PORT: '0', ...env } })
  const lines: Array<Record<string, unknown>> = []
  let buffered = ''
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString()
    const complete = buffered.split('\n')
    buffered = complete.pop() as string
    for (const line of complete) if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>)
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const listening = (async () => {
    for (let waited = 0; waited < 60_000; waited += 50) {
      const address = lines.map((line) => /^Server listening at (\S+)$/.exec(String(line.msg))?.[1]).find(Boolean)
      if (address !== undefined) return address
      if (child.exitCode !== null) return undefined
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return undefined
  })()
  return { child, lines, exited, listening }
}

describe('npm run conduit: the process', () => {
  it('starts on PGlite, serves the API, and on SIGTERM closes and exits 0', async () => {
    const server = startServer({ CONDUIT_DATA: 'memory' })
    try {
      const base = await server.listening
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const tags = await fetch(`${base}/api/tags`)
      expect(tags.status).toBe(200)
      expect(await tags.json()).toEqual({ tags: [] })
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      expect(server.lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['database migrated', 'SIGTERM received: closing (deadline 10000 ms)']))
    } finally {
      server.child.kill()
    }
  }, 90_000)

  it('exits 1 with the reason when the database cannot be reached', async () => {
    const port = await closedPort()
    const server = startServer({ DATABASE_URL: `postgres://conduit@127.0.0.1:${port}/conduit` })
    expect(await server.exited).toBe(1)
    const fatal = server.lines.find((line) => line.level === 60)
    expect(fatal?.msg).toBe('conduit could not start')
    // pino's error serializer appends the message of the error's cause
    expect((fatal?.err as { message?: string } | undefined)?.message).toMatch(`cannot open the database (PostgreSQL at 127.0.0.1:${port}/conduit): ECONNREFUSED`)
  }, 30_000)
})
