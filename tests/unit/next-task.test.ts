// lib/next-task.ts: the app's start-up ends a task where a module awaits nextTask (theme.ts around
// createSystem, main.tsx before the route table), so the browser can paint and answer a tap in
// between. In a browser it resolves in a new task, after every microtask queued meanwhile; on the
// server (no window) at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../web/src/lib/next-task.js';

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('in a browser without scheduler.yield, resolves in a new task: after the microtasks queued meanwhile, chained ones too', async () => {
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    queueMicrotask(() => void Promise.resolve().then(() => Promise.resolve().then(() => order.push('chained microtask'))));
    await done;
    expect(order).toEqual(['microtask', 'chained microtask', 'next task']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    vi.stubGlobal('window', globalThis);
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await nextTask();
    expect(yielded).toHaveBeenCalledTimes(1);
  });

  it('on the server, resolves without waiting for a task (there is nothing to yield to)', async () => {
    const order: string[] = [];
    const done = nextTask().then(() => order.push('next task'));
    setTimeout(() => order.push('timer'), 0);
    await done;
    expect(order).toEqual(['next task']);
  });
});
