// The run-time settings the server writes into the client's page (server/src/http/web.ts): the
// support address of the error screen comes from SUPPORT_EMAIL without a rebuild.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { SUPPORT_EMAIL_META, withRuntimeSettings } from '../../server/src/http/web.js';

const PAGE = '<!doctype html><html><head><title>Clubroom</title></head><body></body></html>';

describe('run-time settings in the page', () => {
  it('gives SUPPORT_EMAIL to the client in a meta tag, escaped', () => {
    const html = withRuntimeSettings(PAGE, { supportEmail: 'help+"x"@example.org' });
    expect(html).toContain(`<meta name="${SUPPORT_EMAIL_META}" content="help+&quot;x&quot;@example.org" />`);
    expect(html.indexOf(SUPPORT_EMAIL_META)).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves the page as built without it (the build default applies)', () => {
    expect(withRuntimeSettings(PAGE, {})).toBe(PAGE);
  });

  it('reads SUPPORT_EMAIL from the environment and refuses a malformed one', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'help@example.org' }).supportEmail).toBe('help@example.org');
    expect(loadConfig({}).supportEmail).toBeUndefined();
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
  });
});
