import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

/** Readiness (docs/architecture.md "Every app"): Postgres and Redis both answer, and the app is not shutting down. */
export class ReadinessCheck {
  private draining = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: Redis,
    private readonly timeoutMs = 2_000,
  ) {}

  /** From now on the app is not ready, whatever its connections say: it is draining before it stops (SIGTERM). */
  startDraining(): void {
    this.draining = true;
  }

  /** True when both answered within the timeout and the app is not draining; never throws. */
  async isReady(): Promise<boolean> {
    if (this.draining) return false;
    let timer: NodeJS.Timeout | undefined;
    // A probe must answer even when a dependency hangs, so the slower of the two is cut off.
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    const checks = Promise.all([this.dataSource.query('SELECT 1'), this.redis.ping()]).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([checks, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
