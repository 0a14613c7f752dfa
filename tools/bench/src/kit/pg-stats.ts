import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Pool } from 'pg';
import { processCpuSeconds } from './servers';

let clockTicks: number | null = null;

/**
 * utime and stime of a process (Linux /proc/<pid>/stat), in seconds, apart: system time is the kernel working
 * for the process — for a server talking to a local Postgres, mostly the loopback TCP stack.
 */
export function processCpuSplit(pid: number): { user: number; system: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    return { user: Number(fields[11]) / clockTicks, system: Number(fields[12]) / clockTicks };
  } catch {
    return null;
  }
}

/**
 * What Postgres did for one database, read from a pool on another database (the `postgres` one) so that the
 * reading adds nothing to the figures it reads.
 */
export class PostgresObserver {
  constructor(
    private readonly monitor: Pool,
    private readonly database: string,
    /** Postgres runs on this machine (a local DATABASE_URL), so its backends' CPU time is in /proc. */
    private readonly local: boolean,
  ) {}

  /** CPU seconds used so far by each backend connected to the database, by pid; null when not readable. */
  async backendCpu(): Promise<Map<number, number> | null> {
    if (!this.local) return null;
    const { rows } = await this.monitor.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'`,
      [this.database],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const seconds = processCpuSeconds(pid);
      if (seconds === null) return null;
      cpu.set(pid, seconds);
    }
    return cpu;
  }

  /** Backends connected to the database now (only those of these application names, when given). */
  async backends(applicationNames?: readonly string[]): Promise<number> {
    const { rows } = await this.monitor.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND ($2::text[] IS NULL OR application_name = ANY($2))`,
      [this.database, applicationNames ?? null],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Cumulative counters of the database. Postgres 15+ backends publish them at most once a second while busy;
   * an idle backend publishes what it holds 10 s after its last statement, and an exiting one at once.
   */
  async counters(): Promise<DatabaseCounters> {
    const { rows } = await this.monitor.query<Record<keyof DatabaseCounters, string>>(
      `SELECT xact_commit + xact_rollback AS transactions, tup_inserted AS inserted, tup_updated AS updated, tup_deleted AS deleted
       FROM pg_stat_database WHERE datname = $1`,
      [this.database],
    );
    const row = rows[0];
    return {
      transactions: Number(row?.transactions ?? 0),
      inserted: Number(row?.inserted ?? 0),
      updated: Number(row?.updated ?? 0),
      deleted: Number(row?.deleted ?? 0),
    };
  }

  /** Waits (at most `timeoutMs`) until no backend (of these application names) is connected to the database. */
  async waitUntilGone(timeoutMs: number, applicationNames?: readonly string[]): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await this.backends(applicationNames)) === 0) return true;
      if (Date.now() >= deadline) return false;
      await sleep(100);
    }
  }
}

export interface DatabaseCounters {
  transactions: number;
  inserted: number;
  updated: number;
  deleted: number;
}

/** CPU seconds the backends used between two readings (backends that appeared in between count from zero). */
export function backendCpuDelta(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (before === null || after === null) return null;
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Idle Postgres backends publish their pending statistics after this long (PGSTAT_IDLE_INTERVAL, 10 s, plus a margin). */
export const STATS_IDLE_FLUSH_MS = 11_000;

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function isLocalDatabase(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    return host === 'localhost' || host === '::1' || host === '' || /^127\./.test(host);
  } catch {
    return false;
  }
}
