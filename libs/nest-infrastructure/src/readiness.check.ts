import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';

/** Readiness (ARCHITECTURE.md "every app"): Postgres and Redis both answer. */
export class ReadinessCheck {
  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: Redis,
    private readonly timeoutMs = 2_000,
  ) {}

  /** True when both answered within the timeout; never throws. */
  async isReady(): Promise<boolean> {
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
