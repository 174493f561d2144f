import { configDefaults, defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

export default defineConfig({
  resolve: {
    alias: {
      'warren/client': fileURLToPath(new URL('./src/client/index.ts', import.meta.url)),
      'warren/bearer-auth': fileURLToPath(new URL('./src/plugins/bearer-auth.ts', import.meta.url)),
      'warren/openapi': fileURLToPath(new URL('./src/plugins/openapi/index.ts', import.meta.url)),
      'warren/lambda': fileURLToPath(new URL('./src/lambda.ts', import.meta.url)),
      'warren/schema-runtime': fileURLToPath(new URL('./src/schema/schema-runtime.ts', import.meta.url)),
      warren: fileURLToPath(new URL('./src/index.ts', import.meta.url))
    }
  },
  test: {
    include: ['test/**/*.test.ts', 'type-tests/*.test.ts', 'examples/**/*.test.ts'],
    // the documentation's code blocks, written out to be type-checked: not this suite's tests
    exclude: [...configDefaults.exclude, 'test/.doc-blocks/**'],
    testTimeout: 20000,
    hookTimeout: 20000
  }
})
