// A push service of the tests' own, on 127.0.0.1: it plays both the push service (accepting the
// server's Web Push requests, checking their VAPID signature) and the browser (holding the
// subscription's private key and auth secret, decrypting each payload with http_ece, RFC 8188 /
// 8291), so a test reads exactly what a device would show. An endpoint may be set to answer 410
// (the device is gone), 404 (the push service does not know it) or 500; every answer set that way
// is recorded in `refused`, so a test sees the attempt it refused.
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

export interface ReceivedPush {
  device: string;
  payload: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID token's claims, once its signature checked out against the key it names. */
  vapid: { aud: string; sub: string; publicKey: string };
}

export interface PushDeviceKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  /** Each push the receiver answered with a status set by `answer` (nothing decrypted). */
  readonly refused: Array<{ device: string; status: number }> = [];
  private readonly keys = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  private readonly answers = new Map<string, number>();
  private waiters: Array<() => void> = [];
  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushReceiver> {
    let receiver: PushReceiver | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        receiver!
          .receive(req.url ?? '', req.headers, Buffer.concat(chunks))
          .then((status) => res.writeHead(status).end())
          .catch(() => res.writeHead(400).end());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new PushReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return receiver;
  }

  /** A new device: its subscription as a browser's PushSubscription.toJSON() gives it. */
  device(name: string): PushDeviceKeys {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.keys.set(name, { ecdh, auth });
    return { endpoint: `${this.origin}/push/${name}`, p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
  }

  /** What the device's endpoint answers from now on (201 by default). */
  answer(name: string, status: number): void {
    this.answers.set(name, status);
  }

  /** Waits until `count` pushes reached `device` (or any device). */
  async waitFor(count: number, device?: string, timeoutMs = 15_000): Promise<ReceivedPush[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mine = this.received.filter((r) => !device || r.device === device);
      if (mine.length >= count) return mine;
      if (Date.now() > deadline) throw new Error(`expected ${count} push(es)${device ? ` to ${device}` : ''}, got ${mine.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async receive(url: string, headers: Record<string, string | string[] | undefined>, body: Buffer): Promise<number> {
    const name = url.replace(/^\/push\//, '');
    const keys = this.keys.get(name);
    if (!keys) return 404;
    const answer = this.answers.get(name);
    if (answer) {
      this.refused.push({ device: name, status: answer });
      return answer;
    }
    const vapid = await verifyVapid(String(headers.authorization ?? ''));
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth.toString('base64url') });
    this.received.push({ device: name, payload: JSON.parse(plain.toString('utf8')), headers, vapid });
    for (const wake of this.waiters.splice(0)) wake();
    return 201;
  }
}

/** `vapid t=<ES256 JWT>, k=<public key>` (RFC 8292): the token's signature checked with `k`. */
async function verifyVapid(header: string): Promise<ReceivedPush['vapid']> {
  const t = /t=([^,\s]+)/.exec(header)?.[1];
  const k = /k=([^,\s]+)/.exec(header)?.[1];
  if (!t || !k) throw new Error('no VAPID authorization');
  const raw = Buffer.from(k, 'base64url');
  if (decodeProtectedHeader(t).alg !== 'ES256') throw new Error('VAPID must be ES256');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, 'ES256');
  const { payload } = await jwtVerify(t, key);
  return { aud: String(payload.aud), sub: String(payload.sub), publicKey: k };
}
