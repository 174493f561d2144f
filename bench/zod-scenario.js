// Scenario 6 of the side-by-side benchmark: scenario 2's validated POST (same request, same
// answer) with its schemas written in Zod, served by warren's Zod route, by warren's TypeBox route
// (scenario 2's, as the yardstick), by Fastify with fastify-type-provider-zod and by Hono with
// @hono/zod-validator.
import { z } from 'zod'
import { scenarios } from './scenarios.js'

const user = {
  name: z.string().min(1).max(64),
  email: z.email().max(254),
  age: z.number().int().min(0).max(150),
  tags: z.array(z.string().max(32)).max(10),
}

/** Scenario 2's schemas in Zod: `z.object` drops unknown keys, as `additionalProperties: false` does under warren's and Fastify's Ajv. */
export const createUserZod = {
  body: z.object(user),
  response: { 201: z.object({ id: z.number().int(), ...user }) },
}

/** The servers of the Zod comparison, in the order of its table (each a module of bench/apps/). */
export const zodFrameworks = ['warren-zod', 'warren', 'fastify-zod', 'hono-zod']

/** What each of them is, for the table. */
export const zodFrameworkNames = {
  'warren-zod': 'warren (Zod)',
  warren: 'warren (TypeBox)',
  'fastify-zod': 'Fastify + fastify-type-provider-zod',
  'hono-zod': 'Hono + @hono/zod-validator',
}

const scenario2 = scenarios.find((scenario) => scenario.id === 2)

/** The scenario: scenario 2's request and expected answer. */
export const zodScenario = { ...scenario2, id: 6, name: 'POST /users with Zod (validated body, 201)' }
