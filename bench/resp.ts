// A bench-only Redis client: just enough RESP (the Redis protocol) for PUBLISH and SUBSCRIBE, so
// that bench/pubsub-scale.ts can compare a Redis fan-out without adding a dependency.
import net from 'node:net';

export type Resp = string | number | null | Resp[];

/** Parses one RESP value at `at`; undefined while the buffer holds only part of it. */
function parseResp(buf: Buffer, at: number): [Resp, number] | undefined {
  const eol = buf.indexOf('\r\n', at);
  if (eol < 0) return undefined;
  const head = buf.toString('latin1', at + 1, eol);
  switch (buf[at]) {
    case 0x2b: // +simple
    case 0x2d: // -error
      return [head, eol + 2];
    case 0x3a: // :integer
      return [Number(head), eol + 2];
    case 0x24: {
      // $bulk
      const len = Number(head);
      if (len < 0) return [null, eol + 2];
      if (buf.length < eol + 2 + len + 2) return undefined;
      return [buf.toString('utf8', eol + 2, eol + 2 + len), eol + 2 + len + 2];
    }
    case 0x2a: {
      // *array
      const items: Resp[] = [];
      let next = eol + 2;
      for (let i = 0; i < Number(head); i++) {
        const item = parseResp(buf, next);
        if (!item) return undefined;
        items.push(item[0]);
        next = item[1];
      }
      return [items, next];
    }
    default:
      throw new Error(`Unexpected RESP byte ${buf[at]}`);
  }
}

const command = (args: string[]) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;

/** One Redis connection: `send` answers the reply to a command; `onPush` sees pub/sub messages. */
export async function redisConnection(url: URL, onPush?: (channel: string, message: string) => void) {
  const socket = net.connect(Number(url.port || 6379), url.hostname);
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const waiting: ((reply: Resp) => void)[] = [];
  let pending: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    for (let value = parseResp(pending, at); value; value = parseResp(pending, at)) {
      at = value[1];
      const reply = value[0];
      if (onPush && Array.isArray(reply) && reply[0] === 'message') onPush(reply[1] as string, reply[2] as string);
      else if (!(Array.isArray(reply) && reply[0] === 'subscribe')) waiting.shift()?.(reply);
    }
    pending = pending.subarray(at);
  });
  return {
    send(args: string[]): Promise<Resp> {
      return new Promise((resolve) => {
        waiting.push(resolve);
        socket.write(command(args));
      });
    },
    /** SUBSCRIBE confirms each channel with a push of its own; resolved once all are confirmed. */
    subscribe(channels: string[]) {
      socket.write(command(['SUBSCRIBE', ...channels]));
    },
    close: () => socket.destroy(),
  };
}
