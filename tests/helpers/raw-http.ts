// A request written by hand on a raw socket: the headers promise a body that never comes, so what
// the test reads is whatever the server itself decides to answer (its body timeout, or a refusal
// that needs no body) and whether it then closes the connection.
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** The first answer's headers, names lower-cased. */
  headers: Record<string, string>;
  /** Everything after the first answer's headers (a second answer on the socket would show here). */
  body: string;
}

/** Sends `method path` with `content-length` and `headers` and never the body; answers what the
 *  server wrote once it closed the connection. The client gives up only after `clientWaitMs`, far
 *  beyond the server's own timeout, so it is the server that ends the wait (how long it took is not
 *  asserted: no timing in tests). */
export function neverSendBody(baseUrl: string, method: string, path: string, headers: Record<string, string>, clientWaitMs: number): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const lines = Object.entries({ host: hostname, 'content-length': '4096', ...headers }).map(([k, v]) => `${k}: ${v}`);
      socket.write(`${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    });
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (raw += chunk));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${method} ${path}: no answer within ${clientWaitMs} ms: ${raw.slice(0, 200)}`));
    }, clientWaitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const parsed = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: rest.join('\r\n\r\n') });
    });
  });
}
