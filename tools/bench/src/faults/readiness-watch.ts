import type { ServiceStack, StackApp } from '@cs/testing';

/** A change of one app's /readyz answer, as a probe saw it. */
export interface ReadinessChange {
  app: StackApp;
  at: number;
  ready: boolean;
}

/**
 * Polls every app's /readyz every 200 ms (each probe cut off after 1 s, as a Kubernetes probe is) and keeps the
 * changes, so a drill can tell which apps reported not ready and when each was ready again.
 */
export class ReadinessWatch {
  readonly changes: ReadinessChange[] = [];
  private readonly last = new Map<StackApp, boolean>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  /** When the last complete round of probes began. */
  lastRoundAt = 0;

  constructor(private readonly stack: ServiceStack) {}

  start(): void {
    this.timer = setInterval(() => void this.poll(), 200);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The apps seen not ready at or after `from`. */
  notReadySince(from: number): StackApp[] {
    return [...new Set(this.changes.filter((c) => c.at >= from && !c.ready).map((c) => c.app))];
  }

  /** Seconds from `from` until each app that went not ready after it was ready again (null: still not ready). */
  readyAgain(from: number): Partial<Record<StackApp, number | null>> {
    const result: Partial<Record<StackApp, number | null>> = {};
    for (const app of this.notReadySince(from)) {
      const lastChange = this.changes.filter((c) => c.app === app && c.at >= from).at(-1);
      result[app] = lastChange?.ready ? (lastChange.at - from) / 1000 : null;
    }
    return result;
  }

  /** Whether the last probe of every app answered 200. */
  allReady(): boolean {
    return Object.keys(this.stack.replicas).every((app) => this.last.get(app as StackApp) === true);
  }

  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    const roundAt = Date.now();
    try {
      const apps = Object.entries(this.stack.replicas) as Array<[StackApp, Array<{ origin: string }>]>;
      await Promise.all(
        apps.map(async ([app, replicas]) => {
          const answers = await Promise.all(
            replicas.map((r) =>
              fetch(`${r.origin}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
                // The body is read so that the connection goes back to the pool.
                async (res) => (await res.arrayBuffer(), res.status === 200),
                () => false,
              ),
            ),
          );
          const ready = answers.length > 0 && answers.every(Boolean);
          if (this.last.get(app) !== ready) this.changes.push({ app, at: Date.now(), ready });
          this.last.set(app, ready);
        }),
      );
      this.lastRoundAt = roundAt;
    } finally {
      this.polling = false;
    }
  }
}
