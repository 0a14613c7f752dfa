import { Logger } from '@nestjs/common';

/**
 * Runs `work` every `intervalMs` (from the end of the previous run, so runs never overlap) until stopped;
 * stop() waits for a run in progress. A failing run is logged and the next one comes as usual.
 */
export class PeriodicTask {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private wakeRequested = false;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
  ) {
    this.logger = new Logger(name);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Runs now instead of at the next interval; during a run, runs again right after it. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.work()
        .then(
          () => undefined,
          (err: unknown) => this.logger.error({ err }, `${this.name} failed; retrying in ${this.intervalMs} ms`),
        )
        .finally(() => {
          this.running = undefined;
          const again = this.wakeRequested;
          this.wakeRequested = false;
          this.schedule(again ? 0 : this.intervalMs);
        });
    }, delay);
  }
}
