// The polling loop shared by the workers that drain a table (the mail outbox, the job table): one
// pass at a time, the next `intervalMs` after the last one ends, or at once when kicked (a commit
// queued work). Passes never overlap: a kick during a pass is remembered, and the next pass starts
// as soon as that one ends (the work it announced may have committed after the pass looked). The
// timer is unref'd: a worker never keeps the process alive; `stop` waits for the pass in flight.

export interface PollLoopOptions {
  intervalMs: number;
  /** One pass; what it answers is ignored here (the worker's `runOnce` answers it to its callers). */
  pass: () => Promise<unknown>;
  /** A pass that threw; the loop carries on at the next interval. */
  onError: (err: unknown) => void;
}

export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** A kick arrived while a pass ran: run again as soon as it ends. */
  private kickedDuringPass = false;

  constructor(private readonly opts: PollLoopOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Run a pass now rather than at the next tick. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.kickedDuringPass = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) {
        this.kickedDuringPass = true;
        return;
      }
      this.kickedDuringPass = false;
      this.running = this.opts
        .pass()
        .then(() => undefined)
        .catch((err) => this.opts.onError(err))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule(this.kickedDuringPass ? 0 : this.opts.intervalMs);
        });
    }, delay);
    this.timer.unref();
  }
}
