// The polling loop shared by the workers that drain a table (the mail outbox, the job table): one
// pass at a time, the next `intervalMs` after the last one ends, or at once when kicked (a commit
// queued work). Passes never overlap: a kick during a pass is retried every 50 ms, but the end of
// the pass schedules the next at `intervalMs` and so replaces that retry; a kick that lands
// mid-pass waits for the interval (as both workers did before they shared this loop). The timer
// is unref'd: a worker never keeps the process alive; `stop` waits for the pass in flight.

export interface PollLoopOptions {
  intervalMs: number;
  /** One pass; what it answers is ignored here (the worker's `runOnce` answers it to its callers). */
  pass: () => Promise<unknown>;
  /** A pass that threw; the loop carries on at the next interval. */
  onError: (err: unknown) => void;
}

const BUSY_RETRY_MS = 50;

export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly opts: PollLoopOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Run a pass now rather than at the next tick. */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) return this.schedule(BUSY_RETRY_MS);
      this.running = this.opts
        .pass()
        .then(() => undefined)
        .catch((err) => this.opts.onError(err))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule(this.opts.intervalMs);
        });
    }, delay);
    this.timer.unref();
  }
}
