/**
 * The closed-loop refresh load. Refresh tokens rotate: each is good for one grant request, the answer carries
 * the next one, and presenting a used one again makes the server revoke the whole grant. So the load cannot
 * replay a fixed request (autocannon's model): every virtual client keeps the current token of each grant it
 * owns and sends the new one next time. Grants are split between workers so that no two requests ever carry the
 * same grant's token at once, and a grant whose request failed is retired (its current token is unknown: the
 * server may or may not have rotated it), never retried.
 */

/** One connection of the pool: a grant and its current refresh token. */
export interface GrantSlot {
  /** Position in the pool, for messages. */
  readonly index: number;
  refreshToken: string;
  /** Successful refreshes of this grant so far (the server's rotation count, if nothing was lost). */
  rotations: number;
  /** Set after a failed refresh: the slot is never used again. */
  retired: boolean;
}

export const grantSlots = (refreshTokens: readonly string[]): GrantSlot[] =>
  refreshTokens.map((refreshToken, index) => ({ index, refreshToken, rotations: 0, retired: false }));

/** What one refresh request came to. */
export type RefreshOutcome = { ok: true; refreshToken: string } | { ok: false; status: number; detail: string };

export type RefreshCall = (refreshToken: string) => Promise<RefreshOutcome>;

/** Disjoint shares: worker w owns slots w, w + workers, w + 2·workers, … */
export function partition<T>(items: readonly T[], workers: number): T[][] {
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`workers must be a positive integer, got ${workers}`);
  const shares: T[][] = Array.from({ length: workers }, () => []);
  items.forEach((item, i) => (shares[i % workers] as T[]).push(item));
  return shares.filter((share) => share.length > 0);
}

export interface ClosedLoopOptions {
  slots: readonly GrantSlot[];
  workers: number;
  call: RefreshCall;
  durationMs: number;
  /** Stop sending after this many requests in all (the statement probe); unlimited by default. */
  maxRequests?: number;
  /** Milliseconds, monotonic; performance.now by default (tests pass a fake clock). */
  clock?: () => number;
}

export interface ClosedLoopResult {
  /** Latencies (ms) of the successful refreshes that completed inside the window, in completion order. */
  latenciesMs: number[];
  /** Failed refreshes, whenever they completed. */
  failures: number;
  /** The first few failures, for the report. */
  failureSamples: string[];
  /** Successful refreshes sent inside the window but answered after it: counted nowhere, but their tokens kept. */
  lateCompletions: number;
  /** Length of the measured window, in seconds. */
  windowSeconds: number;
  /** Workers left with no usable grant before the window ended. */
  starvedWorkers: number;
}

/**
 * Runs `workers` loops concurrently for `durationMs`. Each loop takes its own grants in turn (round robin),
 * sends one refresh, waits for the answer, records the new token, and goes on: a closed loop, so the offered
 * load adapts to the server. No request starts after the window closes; those still in flight then are awaited
 * so that their new tokens are kept (the pool stays usable for the next run), but only answers that arrived
 * inside the window count.
 */
export async function runClosedLoop(options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const clock = options.clock ?? (() => performance.now());
  const live = options.slots.filter((s) => !s.retired);
  const shares = partition(live, Math.min(options.workers, Math.max(1, live.length)));
  const latenciesMs: number[] = [];
  const failureSamples: string[] = [];
  let failures = 0;
  let lateCompletions = 0;
  let started = 0;
  let starvedWorkers = 0;
  const limit = options.maxRequests ?? Number.POSITIVE_INFINITY;
  const startAt = clock();
  const stopAt = startAt + options.durationMs;

  const worker = async (share: GrantSlot[]): Promise<void> => {
    let turn = 0;
    while (clock() < stopAt && started < limit) {
      const slot = nextLive(share, turn);
      if (!slot) {
        starvedWorkers++;
        return;
      }
      turn = share.indexOf(slot) + 1;
      started++;
      const sentAt = clock();
      let outcome: RefreshOutcome;
      try {
        outcome = await options.call(slot.refreshToken);
      } catch (error) {
        outcome = { ok: false, status: 0, detail: error instanceof Error ? error.message : String(error) };
      }
      const answeredAt = clock();
      if (outcome.ok) {
        slot.refreshToken = outcome.refreshToken;
        slot.rotations++;
        if (answeredAt <= stopAt) latenciesMs.push(answeredAt - sentAt);
        else lateCompletions++;
      } else {
        slot.retired = true;
        failures++;
        if (failureSamples.length < 5) failureSamples.push(`grant #${slot.index}: ${outcome.status === 0 ? 'no answer' : `HTTP ${outcome.status}`} ${outcome.detail}`);
      }
    }
  };
  await Promise.all(shares.map(worker));
  const windowSeconds = (Math.min(clock(), stopAt) - startAt) / 1000;
  return { latenciesMs, failures, failureSamples, lateCompletions, windowSeconds, starvedWorkers };
}

/** The next slot of a share not retired, starting at `from` and wrapping around; undefined when none is left. */
function nextLive(share: readonly GrantSlot[], from: number): GrantSlot | undefined {
  for (let i = 0; i < share.length; i++) {
    const slot = share[(from + i) % share.length] as GrantSlot;
    if (!slot.retired) return slot;
  }
  return undefined;
}
