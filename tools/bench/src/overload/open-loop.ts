import { Agent, request } from 'node:http';
import { percentile } from '../kit/stats';

export interface OpenLoopOptions {
  url: string;
  headers: Record<string, string>;
  /** Requests started per second, whatever the server does: arrivals do not wait for answers. */
  rate: number;
  durationSeconds: number;
  /** A request without a complete answer by then counts as an error (the server did not keep answering). */
  timeoutMs: number;
}

/** What one phase of open-loop load got back. Latencies in ms, measured from the request's scheduled start. */
export interface OpenLoopFigures {
  offeredRate: number;
  sent: number;
  ok: number;
  /** 429 answers (shed or rate limited): an answer, not a failure. */
  limited: number;
  /** 5xx answers. */
  serverErrors: number;
  /** Any other status (4xx other than 429, 3xx). */
  otherStatus: number;
  /** Connection errors, resets and timeouts: the server did not answer. */
  errors: number;
  okPerSecond: number;
  okP50: number;
  okP99: number;
  limitedP99: number;
  /** Most requests in flight (sent, not answered) at any time. */
  maxInFlight: number;
  /** Retry-After values of the 429s (distinct), to show they tell clients something. */
  retryAfter: string[];
}

/**
 * Open-loop load: requests start on a fixed schedule (`rate` per second), each on a keep-alive socket
 * or a new one when none is free, so a slow server faces ever more requests in flight, as it would from
 * many independent clients. Latency counts from the scheduled start, so a generator that falls behind
 * cannot hide the server's queueing (coordinated omission).
 */
export async function openLoopRun(options: OpenLoopOptions): Promise<OpenLoopFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });
  const target = new URL(options.url);
  const okLatencies: number[] = [];
  const limitedLatencies: number[] = [];
  const retryAfter = new Set<string>();
  const counts = { sent: 0, serverErrors: 0, otherStatus: 0, errors: 0 };
  let inFlight = 0;
  let maxInFlight = 0;
  const total = Math.round(options.rate * options.durationSeconds);
  const started = performance.now();

  const fire = (scheduledAt: number): Promise<void> =>
    new Promise((resolve) => {
      counts.sent++;
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        inFlight--;
        outcome();
        resolve();
      };
      const req = request(target, { method: 'GET', agent, headers: options.headers }, (res) => {
        res.resume();
        res.on('error', () => settle(() => counts.errors++));
        res.on('end', () =>
          settle(() => {
            const status = res.statusCode ?? 0;
            const latency = performance.now() - scheduledAt;
            if (status >= 200 && status < 300) okLatencies.push(latency);
            else if (status === 429) {
              limitedLatencies.push(latency);
              const after = res.headers['retry-after'];
              if (typeof after === 'string') retryAfter.add(after);
            } else if (status >= 500) counts.serverErrors++;
            else counts.otherStatus++;
          }),
        );
      });
      req.setTimeout(options.timeoutMs, () => req.destroy(new Error('timeout')));
      req.on('error', () => settle(() => counts.errors++));
      req.end();
    });

  const pending: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const interval = 1000 / options.rate;
    const tick = () => {
      const elapsed = performance.now() - started;
      const due = Math.min(total, Math.floor(elapsed / interval) + 1);
      while (pending.length < due) pending.push(fire(started + pending.length * interval));
      if (pending.length >= total) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();

  const sortedOk = okLatencies.sort((a, b) => a - b);
  const sortedLimited = limitedLatencies.sort((a, b) => a - b);
  return {
    offeredRate: options.rate,
    sent: counts.sent,
    ok: sortedOk.length,
    limited: sortedLimited.length,
    serverErrors: counts.serverErrors,
    otherStatus: counts.otherStatus,
    errors: counts.errors,
    okPerSecond: sortedOk.length / options.durationSeconds,
    okP50: percentile(sortedOk, 50),
    okP99: percentile(sortedOk, 99),
    limitedP99: percentile(sortedLimited, 99),
    maxInFlight,
    retryAfter: [...retryAfter].sort(),
  };
}
