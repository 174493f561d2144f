// The `precompiledSchemas` factory option: the module `warren compile --esm` writes, imported whole.
// examples/runtimes/schemas.d.ts is the declaration file the command writes beside the module.
import { expectAssignable, expectError, expectNotAssignable } from 'tsd'
import warren, { type PrecompiledSchemas, type WarrenOptions } from 'warren'
import * as schemas from '../examples/runtimes/schemas.js'

warren({ precompiledSchemas: schemas })
warren({ precompiledSchemas: undefined })
expectAssignable<PrecompiledSchemas>(schemas)
expectAssignable<WarrenOptions>({ precompiledSchemas: schemas, pluginTimeout: 0 })
expectAssignable<string>(schemas.format)
// the module itself, not its path or its default export
expectError(warren({ precompiledSchemas: './schemas.js' }))
expectError(warren({ precompiledSchemas: { format: 'warren-precompiled-schemas/1' } }))
expectError(warren({ precompiledSchemas: { format: 'warren-precompiled-schemas/1', entries: { key: 'code' } } }))
expectNotAssignable<WarrenOptions>({ precompiledSchemas: null })
