import { describe, expect, it } from 'vitest'
import warren, { FASTIFY_API_LEVEL } from 'warren'

/** A plugin declaring, as fastify-plugin does, the Fastify range it needs. */
function pluginFor(range: string) {
  const fn = (_instance: unknown, _opts: unknown, done: () => void) => done()
  ;(fn as any)[Symbol.for('plugin-meta')] = { name: 'versioned', fastify: range }
  return fn
}

describe("a plugin's fastify range is checked against the API level warren implements", () => {
  it('loads a plugin whose range covers the level, refuses one that does not', async () => {
    expect(FASTIFY_API_LEVEL).toMatch(/^5\./)
    await expect(warren().register(pluginFor('5.x')).ready()).resolves.toBeDefined()
    await expect(warren().register(pluginFor('>=4')).ready()).resolves.toBeDefined()
    await expect(warren().register(pluginFor('4.x')).ready()).rejects.toMatchObject({
      code: 'SVC_ERR_PLUGIN_VERSION_MISMATCH',
      message: `Plugin 'versioned' expects Fastify API '4.x', but warren implements Fastify API ${FASTIFY_API_LEVEL}`,
    })
  })

  it('an instance presenting another version is checked as it; a release candidate also loads plugins for the release before', async () => {
    const rc = () => {
      const app = warren()
      Object.defineProperty(app, 'version', { value: '99.0.0-rc.1' })
      return app
    }
    await expect(rc().register(pluginFor('99.x')).ready()).resolves.toBeDefined()
    await expect(rc().register(pluginFor('^98.1.0')).ready()).resolves.toBeDefined()
    await expect(rc().register(pluginFor('^100.0.0')).ready()).rejects.toMatchObject({ code: 'SVC_ERR_PLUGIN_VERSION_MISMATCH' })
    const final = warren()
    Object.defineProperty(final, 'version', { value: '99.0.0' })
    await expect(final.register(pluginFor('^98.0.0')).ready()).rejects.toMatchObject({ code: 'SVC_ERR_PLUGIN_VERSION_MISMATCH' })
  })
})
