// The `schemaCache` factory option: off, on in the default directory, or on in a chosen one.
import { expectAssignable, expectError, expectNotAssignable } from 'tsd'
import warren, { type WarrenOptions } from 'warren'

warren({ schemaCache: false })
warren({ schemaCache: true })
warren({ schemaCache: { dir: '/srv/app/schema-cache' } })
warren({ schemaCache: {} })
expectAssignable<WarrenOptions>({ schemaCache: { dir: 'cache' } })
// a directory is given as { dir }, not as the option's value
expectError(warren({ schemaCache: 'node_modules/.cache/warren' }))
expectError(warren({ schemaCache: { dir: 1 } }))
expectError(warren({ schemaCache: { directory: 'cache' } }))
expectNotAssignable<WarrenOptions>({ schemaCache: null })
