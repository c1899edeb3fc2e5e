// The layers of the server and the seam between web and server (docs/ARCHITECTURE.md, 'Layers'),
// checked by `npm run lint:deps` in `npm test`. Every import counts, type-only ones too: a type
// that names a module ties the importer to that module as much as a value does.
//
//   entry (main.ts, scripts/)  →  app/ (composition root)  →  modules/<domain>/  →  foundations
//
// Foundations: config.ts, db/, lib/, mail/, jobs/, and the GraphQL, HTTP and REST plumbing (graphql/,
// http/, rest/). Modules: modules/<domain>/. The composition root: app/, the only folder that knows
// every module. Resolved paths are what is checked, so an alias (`@clubroom/rules/<domain>`) and a
// relative path are held to the same rules.
const path = require('node:path');

const FOUNDATIONS = '^server/src/(config\\.ts$|db/|lib/|mail/|jobs/|graphql/|http/|rest/)';
const MODULES = '^server/src/modules/';
const APP = '^server/src/app/';
const ENTRIES = '^server/src/(main\\.ts$|scripts/)';
/** What another module may import of a module: its services, its rules and its GraphQL types. */
const MODULE_SURFACE = '\\.(service|rules|types)\\.ts$';
/** What the web and the shared rules may import of the server: the rules, nothing else. */
const SHARED_RULES = ['^server/src/modules/[^/]+/[^/]+\\.rules\\.ts$', '^server/src/lib/shared/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only imports included: a cycle means two files cannot be understood (or loaded) one without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'foundations-import-no-module',
      severity: 'error',
      comment: 'Foundations (db, lib, mail, the GraphQL/HTTP/REST plumbing) serve every module and know none. Move what a foundation needs of a module into the foundation, or the code that needs the module into the module or app/.',
      from: { path: FOUNDATIONS },
      to: { path: MODULES },
    },
    {
      name: 'foundations-import-no-app',
      severity: 'error',
      comment: 'Foundations never import the composition root (app/) or an entry point.',
      from: { path: FOUNDATIONS },
      to: { path: [APP, ENTRIES] },
    },
    {
      name: 'modules-import-no-app',
      severity: 'error',
      comment: 'A module never imports the composition root (app/) or an entry point: the services, loaders and context types it needs are foundations (lib/services.ts, graphql/context.ts) that each module fills in by declaration merging.',
      from: { path: MODULES },
      to: { path: [APP, ENTRIES] },
    },
    {
      name: 'mail-only-through-the-notification-dispatcher',
      severity: 'error',
      comment: 'Every message to a member goes through the notification dispatcher (modules/notifications/notify.service.ts), which reads their preferences: no other module queues mail itself.',
      from: { path: '^server/src/', pathNot: ['^server/src/modules/notifications/', '^server/src/mail/', '^server/src/app/'] },
      to: { path: '^server/src/mail/outbox\\.ts$' },
    },
    {
      name: 'module-imports-other-module-only-through-service-rules-types',
      severity: 'error',
      comment: "A module reaches another module only through that module's *.service.ts, *.rules.ts or *.types.ts, never its resolver, loaders, REST routes or internals. A rule two modules need moves to its owner's service or rules.",
      from: { path: '^server/src/modules/([^/]+)/' },
      to: { path: MODULES, pathNot: ['^server/src/modules/$1/', MODULE_SURFACE] },
    },
    {
      name: 'app-only-from-entries',
      severity: 'error',
      comment: 'The composition root is started by the entry points (main.ts, scripts/) only.',
      from: { path: '^server/src/', pathNot: [APP, ENTRIES] },
      to: { path: APP },
    },
    {
      name: 'main-imports-only-app',
      severity: 'error',
      comment: 'main.ts loads the configuration and starts the composition root; everything else happens in app/.',
      from: { path: '^server/src/main\\.ts$' },
      to: { path: '^server/src/', pathNot: [APP, '^server/src/config\\.ts$'] },
    },
    {
      name: 'web-imports-only-shared-rules-from-server',
      severity: 'error',
      comment: 'The web client imports nothing of the server but the shared zod rules (*.rules.ts and lib/shared/), by their public name @clubroom/rules/<domain>.',
      from: { path: '^web/src/' },
      to: { path: '^server/', pathNot: SHARED_RULES },
    },
    {
      name: 'web-reaches-server-by-public-name',
      severity: 'error',
      comment: 'The web names the shared rules by @clubroom/rules/<domain> (tsconfig.rules.json), never by a relative path into server/src: the seam stays visible and a moved rules file is one line to change.',
      from: { path: '^web/src/' },
      to: { path: '^server/', dependencyTypesNot: ['aliased-tsconfig'] },
    },
    {
      name: 'shared-rules-import-only-shared-rules',
      severity: 'error',
      comment: 'The shared rules run in the browser too: they import other shared rules (and npm packages), never server code.',
      from: { path: SHARED_RULES },
      to: { path: '^server/', pathNot: SHARED_RULES },
    },
    {
      name: 'web-documents-from-their-module',
      severity: 'error',
      comment: "A GraphQL document is imported from the module generated beside its .graphql file (x.generated.ts), only types from gql/graphql.ts: graphql.ts holds every document in one module, and a page that took one value from it would download them all (codegen.ts).",
      from: { path: '^web/src/', pathNot: '^web/src/gql/' },
      to: { path: '^web/src/gql/graphql\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'A relative import or a @clubroom/ name that does not resolve would escape every rule above (and fail at run time).',
      from: {},
      to: { couldNotResolve: true, path: '^(\\.|@clubroom/)' },
    },
  ],
  options: {
    // Our own sources are cruised: npm packages and generated code are not followed, builds are left
    // out. (No includeOnly: it would hide an import that does not resolve from not-to-unresolvable.)
    exclude: { path: '(^|/)(node_modules|dist)/' },
    doNotFollow: { path: 'node_modules|^web/src/gql/|\\.generated\\.ts$' },
    // TypeScript's view, type-only imports included; `paths` (the @clubroom/rules table) come from
    // the root tsconfig. The absolute file name works round dependency-cruiser resolving a relative
    // one's `extends` from the wrong folder.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    // `./x.js` in the server's sources is `./x.ts` on disk (NodeNext), and the web imports without
    // extensions.
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    cache: false,
  },
};
