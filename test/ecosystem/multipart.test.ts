import { afterEach, describe, expect, it } from 'vitest'
import multipart from '@fastify/multipart'
import warren, { Type } from 'warren'
import type { Warren } from 'warren'
import { fromFastify } from './from-fastify.js'

/** The members @fastify/multipart adds to the request, as far as these tests use them. */
interface FilePart {
  type: 'file'
  fieldname: string
  filename: string
  mimetype: string
  fields: Record<string, unknown>
  toBuffer(): Promise<Buffer>
}
interface FieldPart {
  type: 'field'
  fieldname: string
  value: unknown
}
interface MultipartRequest {
  file(): Promise<FilePart | undefined>
  parts(): AsyncIterable<FilePart | FieldPart>
}

const multipartPlugin = fromFastify<{ limits?: { fileSize?: number; files?: number }; attachFieldsToBody?: boolean | 'keyValues' }, {}, MultipartRequest>(multipart)

let open: Warren | undefined
afterEach(async () => {
  await open?.close()
  open = undefined
})

/**
 * Posts to `app` on a real socket (listening on first use): `fetch` builds the multipart body with
 * its boundary, as a browser does.
 */
async function post(app: Warren, path: string, body: FormData | string, headers?: Record<string, string>): Promise<{ status: number; json: unknown }> {
  if (open !== app) {
    open = app
    await app.listen({ port: 0, host: '127.0.0.1' })
  }
  const res = await fetch(app.listeningOrigin + path, { method: 'POST', body, headers })
  return { status: res.status, json: await res.json() }
}

function form(): FormData {
  const data = new FormData()
  data.append('title', 'notes')
  data.append('doc', new Blob(['hello world'], { type: 'text/plain' }), 'notes.txt')
  return data
}

describe('@fastify/multipart', () => {
  it('reads one file with request.file(), with the fields sent before it', async () => {
    const app = warren({ logger: false }).register(multipartPlugin)
    app.post('/upload', async (request) => {
      const file = await request.file()
      if (file === undefined) return { none: true }
      return { field: file.fieldname, name: file.filename, type: file.mimetype, size: (await file.toBuffer()).length, fields: Object.keys(file.fields).sort() }
    })
    const res = await post(app, '/upload', form())
    expect(res).toEqual({ status: 200, json: { field: 'doc', name: 'notes.txt', type: 'text/plain', size: 11, fields: ['doc', 'title'] } })
  })

  it('iterates fields and files in order with request.parts()', async () => {
    const app = warren({ logger: false }).register(multipartPlugin)
    app.post('/parts', async (request) => {
      const seen: unknown[] = []
      for await (const part of request.parts()) {
        seen.push(part.type === 'file' ? [part.fieldname, (await part.toBuffer()).toString()] : [part.fieldname, part.value])
      }
      return seen
    })
    const res = await post(app, '/parts', form())
    expect(res).toEqual({ status: 200, json: [['title', 'notes'], ['doc', 'hello world']] })
  })

  it('answers 413 with its own code when a file is over the fileSize limit', async () => {
    const app = warren({ logger: false }).register(multipartPlugin, { limits: { fileSize: 100 } })
    app.post('/upload', async (request) => ({ size: (await (await request.file())?.toBuffer())?.length }))
    const big = new FormData()
    big.append('doc', new Blob(['x'.repeat(5000)]), 'big.bin')
    const res = await post(app, '/upload', big)
    expect(res).toEqual({ status: 413, json: { statusCode: 413, code: 'FST_REQ_FILE_TOO_LARGE', error: 'Payload Too Large', message: 'request file too large' } })
  })

  it('validates fields attached to the body against a TypeBox schema (attachFieldsToBody: keyValues)', async () => {
    const app = warren({ logger: false }).register(multipartPlugin, { attachFieldsToBody: 'keyValues' })
    app.post('/notes', { schema: { body: Type.Object({ title: Type.String({ minLength: 3 }) }) } }, async (request) => ({ title: request.body.title }))
    const ok = await post(app, '/notes', form())
    expect(ok).toEqual({ status: 200, json: { title: 'notes' } })
    const bad = new FormData()
    bad.append('title', 'no')
    const refused = await post(app, '/notes', bad)
    expect(refused).toEqual({ status: 400, json: { statusCode: 400, code: 'SVC_ERR_VALIDATION', error: 'Bad Request', message: 'body/title must NOT have fewer than 3 characters' } })
  })

  it('refuses a multipart body without a boundary and keeps serving', async () => {
    const app = warren({ logger: false }).register(multipartPlugin)
    app.post('/upload', async (request) => ({ got: (await request.file())?.filename ?? null }))
    const broken = await post(app, '/upload', 'garbage', { 'content-type': 'multipart/form-data' })
    expect(broken.status).toBe(500)
    expect(broken.json).toMatchObject({ statusCode: 500, message: 'Multipart: Boundary not found' })
    expect(await post(app, '/upload', form())).toEqual({ status: 200, json: { got: 'notes.txt' } })
  })
})
