// The polling loop both workers run (server/src/lib/poll-loop.ts): one pass at a time however
// often it is kicked (a kick during a pass runs the next right after it), a failed pass reported and followed by the next, and stop waiting for the
// pass in flight and starting no other.
import { describe, expect, it } from 'vitest';
import { PollLoop } from '../../server/src/lib/poll-loop.js';

const until = async (done: () => boolean) => {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
};

describe('PollLoop', () => {
  it('runs one pass at a time however often it is kicked', async () => {
    let inFlight = 0;
    let most = 0;
    let passes = 0;
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const loop = new PollLoop({
      intervalMs: 60_000,
      pass: async () => {
        passes++;
        most = Math.max(most, ++inFlight);
        if (passes === 1) await first;
        inFlight--;
      },
      onError: () => {},
    });
    loop.start();
    await until(() => passes === 1);
    for (let i = 0; i < 5; i++) loop.kick();
    await new Promise((r) => setTimeout(r, 120));
    expect(passes).toBe(1);
    release();
    await loop.stop();
    expect(most).toBe(1);
  });

  it('runs the next pass as soon as the current one ends when it was kicked meanwhile (not a whole interval later)', async () => {
    let passes = 0;
    let release!: () => void;
    const first = new Promise<void>((r) => (release = r));
    const loop = new PollLoop({
      intervalMs: 60_000,
      pass: async () => {
        if (++passes === 1) await first;
      },
      onError: () => {},
    });
    loop.start();
    await until(() => passes === 1);
    loop.kick();
    release();
    await until(() => passes === 2);
    await new Promise((r) => setTimeout(r, 50));
    expect(passes).toBe(2);
    await loop.stop();
  });

  it('reports a failed pass and carries on with the next', async () => {
    const failures: unknown[] = [];
    let passes = 0;
    const loop = new PollLoop({
      intervalMs: 10,
      pass: async () => {
        if (++passes === 1) throw new Error('database gone');
      },
      onError: (err) => failures.push(err),
    });
    loop.start();
    await until(() => passes >= 2);
    await loop.stop();
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toBe('database gone');
  });

  it('waits in stop for the pass in flight, and runs none after it, kicked or not', async () => {
    let passes = 0;
    let finished = false;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const loop = new PollLoop({
      intervalMs: 10,
      pass: async () => {
        passes++;
        await held;
        finished = true;
      },
      onError: () => {},
    });
    loop.start();
    await until(() => passes === 1);
    const stopping = loop.stop();
    setTimeout(release, 20);
    await stopping;
    expect(finished).toBe(true);
    loop.kick();
    await new Promise((r) => setTimeout(r, 60));
    expect(passes).toBe(1);
  });
});
