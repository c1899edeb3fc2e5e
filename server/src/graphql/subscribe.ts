// graphql-js's `subscribe`, with the same results, for a subscription that may stay open for hours
// among thousands: graphql-js maps the source stream through five closures made per subscription
// (mapAsyncIterator's), and the arguments behind them; here one small object per subscription,
// its methods on the prototype. Each event is executed by graphql-js's `execute` with the event as
// root value, exactly as graphql-js's subscribe does it.
import { createSourceEventStream, execute, type ExecutionArgs, type ExecutionResult } from 'graphql';

/** The results of a subscription: each event of `source`, executed. Like graphql-js's mapped
 *  stream: a mapping that throws closes the source first; return() and throw() go to the source. */
class EventResults implements AsyncIterableIterator<ExecutionResult> {
  constructor(
    private readonly source: AsyncIterator<unknown>,
    private readonly args: ExecutionArgs,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Not an async function: a parked next() then holds one promise, not a suspended frame. */
  next(): Promise<IteratorResult<ExecutionResult>> {
    return this.source.next().then((event) => this.map(event));
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    return this.source.return ? this.map(await this.source.return()) : { done: true, value: undefined };
  }

  async throw(error: unknown): Promise<IteratorResult<ExecutionResult>> {
    if (this.source.throw) return this.map(await this.source.throw(error));
    await this.closeSource();
    throw error;
  }

  private async map(event: IteratorResult<unknown>): Promise<IteratorResult<ExecutionResult>> {
    if (event.done) return event;
    try {
      return { done: false, value: await execute({ ...this.args, rootValue: event.value }) };
    } catch (error) {
      await this.closeSource();
      throw error;
    }
  }

  private async closeSource(): Promise<void> {
    try {
      await this.source.return?.();
    } catch {
      // The first error is the one to report.
    }
  }
}

/** graphql-js's subscribe(args): the errors of an operation that cannot start, or its results. */
export async function subscribe(args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  if (!(Symbol.asyncIterator in stream)) return stream;
  return new EventResults(stream[Symbol.asyncIterator](), args);
}
