import { afterEach, describe, expect, it } from 'vitest'
import websocket from '@fastify/websocket'
import WebSocket from 'ws'
import warren from 'warren'
import type { Warren } from 'warren'
import { fromFastify } from './from-fastify.js'

/** A route's websocket handler as @fastify/websocket calls it: the socket, then the request. */
type SocketHandler = (socket: WebSocket, request: { url: string; headers: Record<string, unknown> }) => void

const websocketPlugin = fromFastify<{ options?: { maxPayload?: number } }, { websocketServer: { clients: Set<unknown> } }>(websocket)

let open: Warren | undefined
afterEach(async () => {
  await open?.close()
  open = undefined
})

/**
 * Declares a websocket route. The plugin must have loaded (`await register`) for its onRoute hook to see it.
 * @fastify/websocket types this overload by merging into Fastify's
 * route methods, which warren's types do not have; the route itself is registered unchanged.
 */
function socketRoute(app: Warren, path: string, handler: SocketHandler): void {
  app.get(path, { websocket: true } as object, handler as never)
}

async function listen(app: Warren): Promise<string> {
  open = app
  return (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http:', 'ws:')
}

/** Opens a socket, sends `text`, and resolves with the first message, or with how the upgrade was refused. */
function exchange(url: string, text: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers })
    socket.on('open', () => socket.send(text))
    socket.on('message', (data) => {
      resolve(`message: ${String(data)}`)
      socket.close()
    })
    socket.on('unexpected-response', (_request, response) => resolve(`refused: ${response.statusCode}`))
    socket.on('error', (error) => resolve(`error: ${error.message}`))
  })
}

describe('@fastify/websocket', () => {
  it('upgrades a route declared with websocket: true, inside an encapsulated context with its decorators', async () => {
    const app = await warren({ logger: false }).register(websocketPlugin)
    app.register(async (chat) => {
      const room = chat.decorate('room', 'lobby')
      const handler: SocketHandler = (socket, request) => {
        socket.on('message', (data) => socket.send(`${room.room} ${request.url} ${String(data)}`))
      }
      socketRoute(room, '/chat', handler)
    })
    const url = await listen(app)
    expect(await exchange(url + '/chat', 'hello')).toBe('message: lobby /chat hello')
  })

  it('runs onRequest hooks before the upgrade: a hook that throws refuses it with its status', async () => {
    const app = await warren({ logger: false }).register(websocketPlugin)
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-token'] !== 'ok') throw Object.assign(new Error('no token'), { statusCode: 401 })
    })
    socketRoute(app, '/echo', (socket) => socket.on('message', (data) => socket.send(String(data))))
    const url = await listen(app)
    expect(await exchange(url + '/echo', 'ping', { 'x-token': 'ok' })).toBe('message: ping')
    expect(await exchange(url + '/echo', 'ping')).toBe('refused: 401')
  })

  it('refuses unknown paths and answers plain HTTP on a websocket-only route with 404', async () => {
    const app = await warren({ logger: false }).register(websocketPlugin)
    socketRoute(app, '/echo', (socket) => socket.on('message', (data) => socket.send(String(data))))
    const url = await listen(app)
    expect(await exchange(url + '/missing', 'ping')).toBe('refused: 404')
    const plain = await fetch(url.replace('ws:', 'http:') + '/echo')
    expect(plain.status).toBe(404)
    expect(await exchange(url + '/echo', 'still serving')).toBe('message: still serving')
  })

  it('closes open sockets when the app closes', async () => {
    const app = await warren({ logger: false }).register(websocketPlugin)
    socketRoute(app, '/idle', () => {})
    const url = await listen(app)
    const socket = new WebSocket(url + '/idle')
    await new Promise((resolve) => socket.on('open', resolve))
    expect(app.websocketServer.clients.size).toBe(1)
    const closed = new Promise((resolve) => socket.on('close', resolve))
    await app.close()
    open = undefined
    await closed // the plugin closes its sockets in onClose (with no close code, as on Fastify); a socket left open times the test out
  })
})
