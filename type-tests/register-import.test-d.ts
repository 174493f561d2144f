import { expectError, expectType } from 'tsd'
import warren from 'warren'
import type { Db } from './modules/db-plugin.js'

const app = warren()

// a module's default export, registered while it is imported, types as the plugin itself does
const withDb = app.register(import('./modules/db-plugin.js'), { url: 'postgres://localhost/db' })
expectType<Db>(withDb.db)
// its options are checked as the plugin's own
expectError(app.register(import('./modules/db-plugin.js')))
expectError(app.register(import('./modules/db-plugin.js'), { url: 42 }))

// an encapsulated routes plugin with a prefix
const withItems = app.register(import('./modules/items-routes.js'), { prefix: '/v1' })
withItems.get('/', async () => 'ok')
// a module without a default export is not a plugin
expectError(app.register(import('node:path')))
