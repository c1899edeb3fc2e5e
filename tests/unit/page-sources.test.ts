// The build writes each lazy page's module into its declaration in the router (vite.config.ts,
// withPageSources), so that the server can name a page's chunks in its HTML (issue 27).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withPageSources } from '../../vite.config.js';

const ROUTER = resolve(import.meta.dirname, '..', '..', 'web', 'src', 'app', 'router.tsx');

describe('withPageSources', () => {
  it("gives every lazy page of the router its module's manifest key", () => {
    const code = readFileSync(ROUTER, 'utf8');
    const out = withPageSources(code, ROUTER);
    expect(out).toContain("lazyPage(() => import('../features/auth/login-page'), [\"src/features/auth/login-page.tsx\"])");
    expect(out).toContain("lazyPage(() => import('../features/clubs/club-page'), [\"src/features/clubs/club-page.tsx\"])");
    expect(out).toContain("graphqlPage(() => import('../features/messages/messages-page'), [\"src/features/messages/messages-page.tsx\"])");
    // Every page declared in the router is given one: none is left without its module.
    const declared = code.match(/(lazyPage|graphqlPage)\(\(\) => import\(/g) ?? [];
    expect(declared.length).toBeGreaterThan(20);
    expect(out.match(/\), \["src\/[^"]+\.tsx?"\]\)/g)).toHaveLength(declared.length);
  });

  it('refuses a page whose module does not exist', () => {
    expect(() => withPageSources("lazyPage(() => import('../features/nowhere/page'))", ROUTER)).toThrow('no module for ../features/nowhere/page');
  });
});
