// The WebSocket class of the GraphQL socket server, which is also the socket graphql-ws's protocol
// core (makeServer) talks to: no adapter object and no closures per connection (ws-socket.ts).
//
// A client that stops reading is cut off before the server holds more than BUFFER_LIMIT_BYTES of
// its messages. graphql-ws waits for each message to reach the kernel before a subscription takes
// its next event, so a stalled client would stall its subscriptions while their events pile up,
// without bound, in the pub/sub's queues. Here a send completes at once: the events go on into the
// socket's own buffer, which is checked before each message, and a socket that would pass the
// limit is closed (1008, a reason) and, since a client that does not read never answers the
// close, destroyed shortly after.
import WebSocket from 'ws';
import type { WebSocket as ProtocolSocket } from 'graphql-ws';

/** Policy violation: graphql-ws clients retry after it (a phone back on a good network). */
export const SLOW_READER = 1008;
/** Bytes the server holds for one client that has not read them (well below 1 MB). */
export const BUFFER_LIMIT_BYTES = 512 * 1024;
/** Time for the close frame to go out before the socket is destroyed. */
const TERMINATE_AFTER_MS = 2000;

type Data = Parameters<WebSocket['send']>[0];
type SendOptions = Exclude<Parameters<WebSocket['send']>[1], ((err?: Error) => void) | undefined>;
type SendCallback = (err?: Error) => void;

const byteLength = (data: Data): number => (typeof data === 'string' ? Buffer.byteLength(data) : ((data as { byteLength?: number }).byteLength ?? 0));

/** One GraphQL socket: ws's socket with the buffer limit, and graphql-ws's socket interface. */
export type GraphQLSocket = WebSocket &
  Pick<ProtocolSocket, 'onMessage'> & {
  /** What graphql-ws handed onMessage: the protocol's handler of each text message. */
  received?: (data: string) => Promise<void>;
  /** What graphql-ws's opened() answered: its clean-up once the socket has closed. */
  closed?: (code?: number, reason?: string) => Promise<void>;
  /** A keep-alive ping went out and no pong has come back since. */
  awaitingPong: boolean;
};

/** A WebSocket class (for WebSocketServer's `WebSocket` option) that calls `onCutOff` for each
 *  client it cuts off. */
export function boundedWebSocket(onCutOff: () => void): typeof WebSocket {
  return class BoundedWebSocket extends WebSocket implements ProtocolSocket {
    received?: (data: string) => Promise<void>;
    closed?: (code?: number, reason?: string) => Promise<void>;
    awaitingPong = false;

    onMessage(cb: (data: string) => Promise<void>): void {
      this.received = cb;
    }

    override send(data: Data, optionsOrCallback?: SendOptions | SendCallback, callback?: SendCallback): void {
      const done = typeof optionsOrCallback === 'function' ? optionsOrCallback : callback;
      const options = typeof optionsOrCallback === 'function' ? {} : (optionsOrCallback ?? {});
      // Not open: ws itself answers the callback (with an error once closed). graphql-ws sends
      // without a callback: a closed socket's message is dropped, as graphql-ws's own binding does.
      if (this.readyState !== WebSocket.OPEN) return done ? super.send(data, options, done) : undefined;
      if (this.bufferedAmount + byteLength(data) > BUFFER_LIMIT_BYTES) {
        onCutOff();
        this.close(SLOW_READER, 'Too many messages waiting: the client is not reading them');
        setTimeout(() => this.terminate(), TERMINATE_AFTER_MS).unref();
      } else {
        super.send(data, options);
      }
      done?.();
    }
  };
}
