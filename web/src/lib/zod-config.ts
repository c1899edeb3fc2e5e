// Zod in the browser never compiles its parsers with `new Function`: the page's CSP allows no
// eval, and zod's probe for it (run when the first object schema is built) was reported by the
// browser as a CSP violation (Lighthouse's best-practices audit 'inspector-issues') even though zod
// caught the error and fell back to this same mode. The server keeps zod's faster compiled mode.
//
// This is zod's `config({ jitless: true })` without importing zod: zod keeps its configuration in
// `globalThis.__zod_globalConfig` (shared by every copy of zod on the page) and reads it when a
// schema is built, and importing `config` here would put zod's core (~4 KB gzipped) into the first
// page's JavaScript. main.tsx imports this first, before any rules module builds its schemas;
// tests/unit/zod-config.test.ts checks that zod still reads that object.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;
