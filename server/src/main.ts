// Entry: config → database → migrations → HTTP server → workers.
import 'reflect-metadata';
import { loadConfig } from './config.js';
import { createClubroom } from './app/clubroom.js';

const config = loadConfig();
const clubroom = await createClubroom(config);
await clubroom.app.listen({ port: config.port, host: config.host });
clubroom.app.log.info(`Clubroom is running at ${config.appUrl} (database: ${clubroom.database.kind})`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    clubroom.app.log.info(`${signal}: shutting down`);
    clubroom.close().then(
      () => process.exit(0),
      (err) => {
        clubroom.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
