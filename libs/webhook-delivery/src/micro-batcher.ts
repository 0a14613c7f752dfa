export interface MicroBatcherOptions {
  /** Most items one flush takes; the rest wait for the next. */
  maxBatch: number;
  /** Flushes running at once. */
  maxInFlight: number;
}

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the items that concurrent callers submit and hands them to `flush` together, so many jobs in flight
 * share one database round trip instead of one each. No timer: a flush starts on the next turn of the event loop
 * when a flush slot is free, else as soon as one frees up, so an idle worker adds no latency and a busy one
 * makes batches as large as its backlog (up to `maxBatch`). Each caller's promise settles with its own result,
 * only once its flush has finished (for writes: once its row is committed).
 */
export class MicroBatcher<T, R> {
  private queued: Array<Waiting<T, R>> = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    /** Returns one result per item, in the items' order; a throw rejects every item of the batch. */
    private readonly flush: (items: T[]) => Promise<R[]>,
    private readonly options: MicroBatcherOptions,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queued.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queued.length === 0 || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    // setImmediate, not a microtask: the callers woken by the same socket read all get to submit first.
    setImmediate(() => {
      this.scheduled = false;
      void this.run();
    });
  }

  private async run(): Promise<void> {
    if (this.queued.length === 0 || this.inFlight >= this.options.maxInFlight) return;
    const batch = this.queued.splice(0, this.options.maxBatch);
    this.inFlight++;
    this.schedule();
    try {
      const results = await this.flush(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} got ${results.length} results`);
      batch.forEach((w, i) => w.resolve(results[i] as R));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }
}
