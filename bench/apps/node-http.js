// The benchmark app written on bare node:http: the same answers as warren's and Fastify's, with
// the validation, coercion and serialization done by hand (the floor a framework is measured to).
import { Buffer } from 'node:buffer'
import http from 'node:http'
import { URLSearchParams } from 'node:url'
import { items } from '../scenarios.js'

const JSON_TYPE = 'application/json; charset=utf-8'
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i
const db = { name: 'bench-db' }

function sendJson(res, status, value) {
  const body = JSON.stringify(value)
  res.writeHead(status, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) })
  res.end(body)
}

function badRequest(res, message) {
  sendJson(res, 400, { statusCode: 400, error: 'Bad Request', message })
}

function isString(value, min, max) {
  return typeof value === 'string' && value.length >= min && value.length <= max
}

function isTag(tag) {
  return isString(tag, 0, 32)
}

/** Scenario 2's body check, by hand: the rules of `createUserSchema`, extra properties removed. */
function readUser(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null
  const { name, email, age, tags } = body
  if (!isString(name, 1, 64) || !isString(email, 0, 254) || !EMAIL.test(email)) return null
  if (!Number.isInteger(age) || age < 0 || age > 150) return null
  if (!Array.isArray(tags) || tags.length > 10 || !tags.every(isTag)) return null
  return { name, email, age, tags }
}

function createUser(req, res) {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return sendJson(res, 415, { statusCode: 415 })
  const chunks = []
  // named listeners, so that bench/budget.js can tell them apart in a profile
  req.on('data', function onChunk(chunk) {
    chunks.push(chunk)
  })
  req.on('end', function onEnd() {
    let body
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      return badRequest(res, 'invalid JSON')
    }
    const user = readUser(body)
    if (user === null) return badRequest(res, 'invalid body')
    sendJson(res, 201, { id: 1, name: user.name, email: user.email, age: user.age, tags: user.tags })
  })
}

function listItems(res, path, query) {
  const id = Number(path.slice('/items/'.length))
  const params = new URLSearchParams(query)
  const limit = params.has('limit') ? Number(params.get('limit')) : 10
  if (!Number.isInteger(id) || id < 1) return badRequest(res, 'params/id must be an integer >= 1')
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return badRequest(res, 'querystring/limit must be 1..100')
  sendJson(res, 200, items(id, limit))
}

async function onRequest(request) {
  request.user = 'ada'
  request.steps++
}

async function preValidation(request) {
  request.steps++
}

async function preHandler(request) {
  request.steps++
}

async function hooked(req, res) {
  const request = { raw: req, user: null, steps: 0 }
  await onRequest(request)
  await preValidation(request)
  await preHandler(request)
  sendJson(res, 200, { user: request.user, db: db.name, steps: request.steps })
}

function route(req, res) {
  const url = req.url
  const queryStart = url.indexOf('?')
  const path = queryStart === -1 ? url : url.slice(0, queryStart)
  const method = req.method
  if (method === 'GET' && path === '/') return sendJson(res, 200, { hello: 'world' })
  if (method === 'POST' && path === '/users') return createUser(req, res)
  if (method === 'GET' && path.startsWith('/items/') && path.indexOf('/', 7) === -1) {
    return listItems(res, path, queryStart === -1 ? '' : url.slice(queryStart + 1))
  }
  if (method === 'GET' && path === '/hooked') return void hooked(req, res)
  sendJson(res, 404, { statusCode: 404, error: 'Not Found', message: `Route ${method}:${url} not found` })
}

/** Builds the server for scenarios 1–5, ready to listen. */
export async function build() {
  const server = http.createServer(route)
  return {
    listen: () => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
