// A webhook receiver of the tests' own: an HTTP server on 127.0.0.1 that verifies every request's
// Standard Webhooks signature with the `standardwebhooks` library (against each secret it is told
// of), answers what the test asks (fail the first n, always fail, succeed) and records it all.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  /** Which of the secrets verified it (all of them must for a rotation's grace). */
  verifiedWith: string[];
  answered: number;
}

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Secrets per path: a request verifies against each. */
  readonly secrets = new Map<string, string[]>();
  /** Per path, how many requests to fail (500) before succeeding; Infinity: always. */
  readonly failFirst = new Map<string, number>();
  /** Paths whose first request is never answered (the sender is killed meanwhile); `held`
   *  resolves when it arrives. */
  readonly holdFirst = new Set<string>();
  private heldRequest: (() => void) | null = null;
  readonly held = new Promise<void>((resolve) => (this.heldRequest = resolve));
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '/';
        const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) };
        const verifiedWith: string[] = [];
        for (const secret of this.secrets.get(path) ?? []) {
          try {
            new Webhook(secret).verify(raw, headers);
            verifiedWith.push(secret);
          } catch {
            // not this one
          }
        }
        const seen = this.received.filter((r) => r.path === path).length;
        if (seen === 0 && this.holdFirst.has(path)) {
          this.received.push({ path, id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body: JSON.parse(raw), verifiedWith, answered: 0 });
          this.heldRequest?.();
          return;
        }
        const answered = seen < (this.failFirst.get(path) ?? 0) ? 500 : 204;
        this.received.push({ path, id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body: JSON.parse(raw), verifiedWith, answered });
        res.writeHead(answered, { 'content-type': 'text/plain' });
        res.end(answered === 500 ? 'not now' : '');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
