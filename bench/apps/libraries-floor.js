// The libraries floor: scenario 2 on bare node:http with the very libraries warren and Fastify
// both use for it — find-my-way to route, secure-json-parse to read the body, Ajv (with
// ajv-formats and the same options) to validate it, fast-json-stringify to write the answer, an
// async handler — and no framework around them (no request or reply objects, hooks, error
// handling or logging). What a framework costs beyond this is its own machinery; bench/interleaved.js
// measures it side by side with warren and Fastify. Only scenario 2 is served.
import { Buffer } from 'node:buffer'
import http from 'node:http'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import fastJson from 'fast-json-stringify'
import FindMyWay from 'find-my-way'
import secureJson from 'secure-json-parse'
import { createUserSchema, toPlainJson } from '../scenarios.js'

const JSON_TYPE = 'application/json; charset=utf-8'
const schema = toPlainJson(createUserSchema)
const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, addUsedSchema: false, allErrors: false })
addFormats.default(ajv)
const validate = ajv.compile(schema.body)
const serialize = fastJson(schema.response[201])
const parseOptions = { protoAction: 'error', constructorAction: 'error' }

function send(res, status, body) {
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

async function handler(body) {
  return { id: 1, name: body.name, email: body.email, age: body.age, tags: body.tags }
}

function createUser(req, res) {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return send(res, 415, '{"statusCode":415}')
  const chunks = []
  req.on('data', (chunk) => chunks.push(chunk))
  req.on('end', () => {
    let body
    try {
      body = secureJson.parse(Buffer.concat(chunks).toString('utf8'), parseOptions)
    } catch {
      return send(res, 400, '{"statusCode":400}')
    }
    if (!validate(body)) return send(res, 400, '{"statusCode":400}')
    handler(body).then((value) => send(res, 201, serialize(value)))
  })
}

/** Builds the server, ready to listen. */
export async function build() {
  const router = FindMyWay({ defaultRoute: (req, res) => send(res, 404, '{"statusCode":404}') })
  router.on('POST', '/users', (req, res) => createUser(req, res))
  const server = http.createServer((req, res) => router.lookup(req, res))
  return {
    listen: () => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
