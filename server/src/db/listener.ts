// LISTEN on PostgreSQL over a connection of its own that survives losing it: when the server ends
// the connection (a restart, a failover, pg_terminate_backend) the listener says so, connects and
// listens again (retrying every second while the server is away), and says so again, so that the
// pub/sub can have its subscribers re-read what NOTIFYs they may have missed in between.
import postgres from 'postgres';

/** What a listener tells its owner besides the notifications themselves. */
export interface ListenEvents {
  /** The listening connection was lost: notifications sent from now on are missed until onListen. */
  onLost?(): void;
  /** LISTEN is in place: `again` is false the first time, true after each loss. */
  onListen?(again: boolean): void;
}

/** The connection's application_name, which also finds it in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'clubroom_listen';
/** Pause between attempts to listen again while the server cannot be reached. */
const RETRY_MS = 1000;

/** Listens on `channel`; resolves once the first LISTEN is in place, to a function that stops. */
export async function listenWithRetry(url: string, channel: string, onMessage: (payload: string) => void, events: ListenEvents = {}): Promise<() => Promise<void>> {
  let stopped = false;
  let relistening = false;
  const sql = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    connect_timeout: 5,
    backoff: () => RETRY_MS / 1000,
    onnotice: () => {},
    connection: { application_name: LISTEN_APPLICATION_NAME },
    // postgres.js's own listen() is built on this option, which its typings leave out.
    ...({
      onnotify: (name: string, payload: string) => {
        if (name === channel) onMessage(payload);
      },
    } as object),
    onclose: () => {
      if (stopped || relistening) return;
      events.onLost?.();
      void relisten();
    },
  });
  const statement = `listen "${channel.replace(/"/g, '""')}"`;

  async function relisten(): Promise<void> {
    relistening = true;
    try {
      while (!stopped) {
        try {
          await sql.unsafe(statement);
          if (!stopped) events.onListen?.(true);
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
        }
      }
    } finally {
      relistening = false;
    }
  }

  try {
    await sql.unsafe(statement);
  } catch (err) {
    stopped = true;
    await sql.end({ timeout: 1 });
    throw err;
  }
  events.onListen?.(false);
  return async () => {
    stopped = true;
    await sql.end({ timeout: 5 });
  };
}
