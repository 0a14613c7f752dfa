import { grantSlots, partition, type RefreshOutcome, runClosedLoop } from './refresh-loop';

/**
 * A fake authorization server with the rule that matters: a refresh token is good once, its answer carries the
 * next one, and presenting a used one revokes the grant. It also notes how many requests of one grant were in
 * flight at once, and advances a fake clock by `step` ms per answer, so runs are deterministic.
 */
class RotatingServer {
  now = 0;
  reuses = 0;
  issued = 0;
  maxInFlightPerGrant = 0;
  readonly requestsPerGrant = new Map<number, number>();
  private readonly tokens = new Map<string, { grant: number; used: boolean }>();
  private readonly current = new Map<number, string>();
  private readonly inFlight = new Map<number, number>();
  readonly revoked = new Set<number>();

  constructor(
    grants: number,
    private readonly step = 1,
    private readonly failOnce: Set<number> = new Set(),
  ) {
    for (let g = 0; g < grants; g++) this.mint(g);
  }

  private mint(grant: number): string {
    const token = `rt_${grant}_${this.issued++}`;
    this.tokens.set(token, { grant, used: false });
    this.current.set(grant, token);
    return token;
  }

  initialTokens(): string[] {
    return [...this.current.keys()].sort((a, b) => a - b).map((g) => this.current.get(g) as string);
  }

  currentToken(grant: number): string | undefined {
    return this.current.get(grant);
  }

  readonly clock = () => this.now;

  readonly call = async (refreshToken: string): Promise<RefreshOutcome> => {
    const entry = this.tokens.get(refreshToken);
    if (!entry) return { ok: false, status: 400, detail: 'invalid_grant: unknown' };
    const { grant } = entry;
    this.requestsPerGrant.set(grant, (this.requestsPerGrant.get(grant) ?? 0) + 1);
    const flying = (this.inFlight.get(grant) ?? 0) + 1;
    this.inFlight.set(grant, flying);
    this.maxInFlightPerGrant = Math.max(this.maxInFlightPerGrant, flying);
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.now += this.step;
    this.inFlight.set(grant, flying - 1);
    if (this.failOnce.delete(grant)) return { ok: false, status: 500, detail: 'server_error' };
    if (entry.used || this.revoked.has(grant)) {
      this.reuses++;
      this.revoked.add(grant);
      return { ok: false, status: 400, detail: 'invalid_grant: refresh token already used' };
    }
    entry.used = true;
    return { ok: true, refreshToken: this.mint(grant) };
  };
}

describe('closed-loop refresh load (token rotation bookkeeping)', () => {
  it('splits the grants between workers without overlap and without leaving any out', () => {
    const shares = partition([0, 1, 2, 3, 4, 5, 6], 3);
    expect(shares).toEqual([
      [0, 3, 6],
      [1, 4],
      [2, 5],
    ]);
    expect(partition([0, 1], 5)).toEqual([[0], [1]]);
    expect(() => partition([1], 0)).toThrow(RangeError);
  });

  it('always sends the current token, never reuses one, and keeps the pool usable from one run to the next', async () => {
    const server = new RotatingServer(12);
    const slots = grantSlots(server.initialTokens());
    const first = await runClosedLoop({ slots, workers: 3, call: server.call, durationMs: 200, clock: server.clock });
    const second = await runClosedLoop({ slots, workers: 4, call: server.call, durationMs: 200, clock: server.clock });

    expect(server.reuses).toBe(0);
    expect(server.revoked.size).toBe(0);
    expect(first.failures + second.failures).toBe(0);
    expect(server.maxInFlightPerGrant).toBe(1);
    for (const slot of slots) {
      expect(slot.retired).toBe(false);
      expect(slot.refreshToken).toBe(server.currentToken(slot.index));
      expect(slot.rotations).toBe(server.requestsPerGrant.get(slot.index));
    }
    const rotations = slots.reduce((sum, s) => sum + s.rotations, 0);
    expect(rotations).toBe(first.latenciesMs.length + first.lateCompletions + second.latenciesMs.length + second.lateCompletions);
    // Round robin within each worker's share (12 grants: equal shares for 3 and for 4 workers): every grant is used,
    // and about as often as the others.
    const counts = slots.map((s) => s.rotations);
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(2);
  });

  it('retires a grant whose refresh failed and never sends its token again', async () => {
    const server = new RotatingServer(4, 1, new Set([2]));
    const slots = grantSlots(server.initialTokens());
    const result = await runClosedLoop({ slots, workers: 2, call: server.call, durationMs: 100, clock: server.clock });

    expect(result.failures).toBe(1);
    expect(result.failureSamples).toEqual(['grant #2: HTTP 500 server_error']);
    expect(slots[2]?.retired).toBe(true);
    expect(server.requestsPerGrant.get(2)).toBe(1);
    expect(server.reuses).toBe(0);
    // The worker that owned grant 2 goes on with its other grant.
    expect(slots[0]?.rotations).toBeGreaterThan(1);
  });

  it('counts only answers inside the window, but keeps the tokens of those that come after it', async () => {
    const server = new RotatingServer(1, 10);
    const slots = grantSlots(server.initialTokens());
    const result = await runClosedLoop({ slots, workers: 1, call: server.call, durationMs: 25, clock: server.clock });

    // Sent at 0, 10 and 20; answered at 10, 20 (inside) and 30 (after the window closed at 25).
    expect(result.latenciesMs).toEqual([10, 10]);
    expect(result.lateCompletions).toBe(1);
    expect(result.windowSeconds).toBeCloseTo(0.025, 6);
    expect(slots[0]?.rotations).toBe(3);
    expect(slots[0]?.refreshToken).toBe(server.currentToken(0));
  });

  it('stops after maxRequests in all', async () => {
    const server = new RotatingServer(6);
    const slots = grantSlots(server.initialTokens());
    const result = await runClosedLoop({ slots, workers: 3, call: server.call, durationMs: 1_000_000, maxRequests: 40, clock: server.clock });
    expect(result.latenciesMs).toHaveLength(40);
    expect(slots.reduce((sum, s) => sum + s.rotations, 0)).toBe(40);
  });

  it('reports workers left without a usable grant', async () => {
    const server = new RotatingServer(2, 1, new Set([0, 1]));
    const slots = grantSlots(server.initialTokens());
    const result = await runClosedLoop({ slots, workers: 2, call: server.call, durationMs: 100, clock: server.clock });
    expect(result.failures).toBe(2);
    expect(result.starvedWorkers).toBe(2);
    expect(result.latenciesMs).toHaveLength(0);
  });
});
