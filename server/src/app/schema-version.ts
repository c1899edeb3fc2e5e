// The schema version every GraphQL answer names (docs/API.md, 'Versions'): the newest released
// heading of docs/schema/CHANGELOG.md (`## 1.2.0 — 2026-12-01`), read once at start. Changes under
// 'Unreleased' are served too, but belong to no version yet: the answer names the release they
// build on. `npm run schema:release` turns 'Unreleased' into the next version.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ApolloServerPlugin } from '@apollo/server';

/** The repository root, from server/src/app (tsx, tests) and from dist/server/app (built). */
export const SCHEMA_CHANGELOG = join(import.meta.dirname, '..', '..', '..', 'docs', 'schema', 'CHANGELOG.md');
export const SCHEMA_VERSION_HEADER = 'clubroom-schema-version';

const RELEASED_HEADING = /^## (\d+\.\d+\.\d+) — \d{4}-\d{2}-\d{2}\s*$/m;

/** The newest released version a changelog names (its first dated heading), or null. */
export function newestReleasedVersion(changelog: string): string | null {
  return RELEASED_HEADING.exec(changelog)?.[1] ?? null;
}

export function loadSchemaVersion(file = SCHEMA_CHANGELOG): string {
  const version = existsSync(file) ? newestReleasedVersion(readFileSync(file, 'utf8')) : null;
  if (!version) throw new Error(`${file} names no released version (a '## x.y.z — yyyy-mm-dd' heading).`);
  return version;
}

/** `extensions.schemaVersion` on every answer of Apollo's (refusals before execution included). */
export function schemaVersionPlugin(version: string): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind === 'single') {
            const result = response.body.singleResult;
            result.extensions = { ...result.extensions, schemaVersion: version };
          }
        },
      };
    },
  };
}

/** The header on every /graphql answer, and the extension on refusals written outside Apollo
 *  (a refused session document, a body too large, a malformed request). */
export function registerSchemaVersion(app: FastifyInstance, version: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/graphql')) return payload;
    reply.header(SCHEMA_VERSION_HEADER, version);
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"errors"') || payload.includes('"schemaVersion":')) return payload;
    try {
      const body = JSON.parse(payload) as { extensions?: Record<string, unknown> };
      return JSON.stringify({ ...body, extensions: { ...body.extensions, schemaVersion: version } });
    } catch {
      return payload;
    }
  });
}
