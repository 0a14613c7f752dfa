import type { QueryRunner } from 'typeorm';

/*
 * Index builds that leave a live table writable (docs/operations.md "Migrations"). CREATE INDEX CONCURRENTLY cannot
 * run in a transaction, so a migration using these declares `transaction = false`. A concurrent build that fails
 * (a deadlock, a lock timeout, a crash) leaves an INVALID index of its name behind: it costs every write and serves
 * no read, and `IF NOT EXISTS` would keep it. So an invalid leftover is dropped (concurrently) and the build retried.
 */

/** How long a migration's statement waits for a lock before giving up and retrying, rather than queue writers behind it. */
export const MIGRATION_LOCK_TIMEOUT = '5s';
const ATTEMPTS = 5;
const BACKOFF_MS = 2_000;
/** lock_not_available, deadlock_detected: worth another attempt. */
const RETRYABLE = new Set(['55P03', '40P01']);

async function indexState(q: QueryRunner, name: string): Promise<'absent' | 'valid' | 'invalid'> {
  const rows = (await q.query(
    `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace`,
    [name],
  )) as Array<{ valid: boolean }>;
  if (rows.length === 0) return 'absent';
  return rows[0]!.valid ? 'valid' : 'invalid';
}

/**
 * Retries a statement that timed out on a lock or deadlocked, after a pause: it waits its turn rather than block the
 * table. `lockTimeout: false` for concurrent builds: their waits (for older transactions to end) block nobody, and a
 * timeout there would only leave an invalid index to rebuild.
 */
export async function withLockRetry(q: QueryRunner, work: () => Promise<unknown>, options: { lockTimeout?: boolean } = {}): Promise<void> {
  await q.query(options.lockTimeout === false ? `SET lock_timeout = 0` : `SET lock_timeout = '${MIGRATION_LOCK_TIMEOUT}'`);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await work();
        return;
      } catch (err) {
        const code = (err as { driverError?: { code?: string }; code?: string }).driverError?.code ?? (err as { code?: string }).code;
        if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw err;
        await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS * attempt));
      }
    }
  } finally {
    await q.query(`RESET lock_timeout`);
  }
}

/**
 * Builds index `name` (`definition`: everything after the name, from `ON`) without blocking writes; a valid index of
 * that name is kept as it is, an invalid leftover of an earlier attempt is dropped first.
 */
export async function createIndexConcurrently(q: QueryRunner, name: string, definition: string): Promise<void> {
  await withLockRetry(q, async () => {
    const state = await indexState(q, name);
    if (state === 'valid') return;
    if (state === 'invalid') await q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
    await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ${definition}`);
  }, { lockTimeout: false });
}

/**
 * Replaces index `name` by one built as `definition` without blocking writes: built concurrently under a temporary
 * name, the old one dropped concurrently, the new one renamed (a lock on the index alone, taken under lock_timeout).
 * Each step checks what an interrupted earlier run left, so running it again finishes the job.
 */
export async function rebuildIndexConcurrently(q: QueryRunner, name: string, definition: string): Promise<void> {
  const building = `${name}_rebuilt`;
  await createIndexConcurrently(q, building, definition);
  await dropIndexConcurrently(q, name);
  await withLockRetry(q, () => q.query(`ALTER INDEX IF EXISTS ${building} RENAME TO ${name}`));
}

export async function dropIndexConcurrently(q: QueryRunner, name: string): Promise<void> {
  await withLockRetry(q, () => q.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`), { lockTimeout: false });
}
