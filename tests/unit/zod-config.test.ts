// web/src/lib/zod-config.ts turns zod's compiled parsers off in the browser (the CSP allows no
// eval) by writing to zod's global configuration object instead of importing zod: this checks that
// zod still keeps its configuration there, so a zod upgrade that moves it fails here rather than
// bringing back the CSP violation in the browser.
import { describe, expect, it } from 'vitest';
import { globalConfig } from 'zod/v4/core';

describe("the web's zod configuration", () => {
  it('is the object zod reads its configuration from', () => {
    expect((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig).toBe(globalConfig);
  });

  it('turns the compiled parsers off', async () => {
    const before = globalConfig.jitless;
    try {
      await import('../../web/src/lib/zod-config.js');
      expect(globalConfig.jitless).toBe(true);
    } finally {
      // The unit tests share one module graph (vitest.config.ts, isolate: false): the server's zod
      // in the other files keeps its compiled mode.
      globalConfig.jitless = before;
    }
  });
});
