// The layering of src/ (DESIGN.md, "Layers"), checked by `npm run lint:layers` inside `npm test`.
// A file imports only from layers below it, type-only imports included; no cycles anywhere.
// Each rule's name says which layer was crossed; its comment says what that layer may import.

const above = {
  core: '^src/(hooks|schema|content-type|model|serve|in-process|app|plugins|client)/|^src/(index|server|lambda)\\.ts$',
  stores: '^src/(model|serve|in-process|app|plugins)/|^src/(index|server|lambda)\\.ts$',
  model: '^src/(serve|in-process|app|plugins)/|^src/(index|server|lambda)\\.ts$',
  serve: '^src/(in-process|app|plugins)/|^src/(index|server|lambda)\\.ts$',
  inProcess: '^src/(app|plugins)/|^src/(index|server|lambda)\\.ts$',
  app: '^src/plugins/|^src/(index|server|lambda)\\.ts$',
}

// The request path in a fixed order, top to bottom: a stage names only stages below it.
const serveOrder = [
  ['entry'],
  ['reply'],
  ['not-found'],
  ['pipeline'],
  ['fail'],
  ['send'],
  ['run-hooks', 'parse-body', 'return-value'],
  ['write', 'continue-after', 'error-format'],
]

function serveRules() {
  return serveOrder.slice(1).map((rank, index) => {
    const higher = serveOrder.slice(0, index + 1).flat()
    const same = rank.length > 1 ? rank : []
    return {
      name: `serve-order-${rank.join('-')}`,
      comment: `serve/${rank.join(', serve/')} may import only request-path stages below it (order: ${serveOrder.map((r) => r.join(', ')).join(' > ')})`,
      severity: 'error',
      from: { path: `^src/serve/(${rank.join('|')})\\.ts$` },
      to: { path: `^src/serve/(${[...higher, ...same].join('|')})\\.ts$`, pathNot: '$1' },
    }
  })
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: the files in it cannot be read or tested apart. Move the shared piece to a lower layer.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'layer-types',
      comment: 'src/types (the public type layer, L0) imports only itself and packages, never the runtime.',
      severity: 'error',
      from: { path: '^src/types/' },
      to: { path: '^src/', pathNot: '^src/types/' },
    },
    {
      name: 'layer-plugins',
      comment: 'src/plugins (first-party plugins) import only the package entry (src/index.ts) and their own folder, as a user would.',
      severity: 'error',
      from: { path: '^src/plugins/' },
      to: { path: '^src/', pathNot: '^src/index\\.ts$|^src/plugins/' },
    },
    {
      name: 'layer-client',
      comment: 'src/client (warren/client, runs in browsers) imports nothing of the server: only its own folder and src/types.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/', pathNot: '^src/(client|types)/' },
    },
    {
      name: 'layer-core',
      comment: 'src/core (L1: symbols, errors, logger, media types) imports only src/types and packages.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: above.core },
    },
    {
      name: 'layer-stores',
      comment: 'src/schema, src/content-type and src/hooks (L2) import only core and types.',
      severity: 'error',
      from: { path: '^src/(schema|content-type|hooks)/' },
      to: { path: above.stores },
    },
    {
      name: 'layer-model',
      comment: 'src/model (L3: state as data) imports only L2, core and types: never the request path or the app.',
      severity: 'error',
      from: { path: '^src/model/' },
      to: { path: above.model },
    },
    {
      name: 'layer-serve',
      comment: 'src/serve (L4: the request path) imports only model, L2, core and types: never the app layer.',
      severity: 'error',
      from: { path: '^src/serve/' },
      to: { path: above.serve },
    },
    {
      name: 'layer-in-process',
      comment: 'src/in-process (the entries that are not sockets: fetch, inject, Lambda) imports the request path\'s entry, model, L2, core and types: never the app layer.',
      severity: 'error',
      from: { path: '^src/in-process/' },
      to: { path: above.inProcess },
    },
    {
      name: 'layer-app',
      comment: 'src/app (L5: instance, plugins, routes, lifecycle) never imports the package entry, the factory or plugins.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: above.app },
    },
    {
      name: 'layer-factory',
      comment: 'src/server.ts (the factory) never imports the package entry or first-party plugins.',
      severity: 'error',
      from: { path: '^src/server\\.ts$' },
      to: { path: '^src/index\\.ts$|^src/plugins/' },
    },
    ...serveRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
}
