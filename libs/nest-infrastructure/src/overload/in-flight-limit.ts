import { DomainError, problemDocument } from '@cs/domain';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from '../metrics/metrics';
import { assignRequestId } from '../request-id';

/** Probes answer however busy the replica is: shedding them would take a busy pod out of service (scrapes have their own port). */
const UNSHED_PATHS = new Set(['/healthz', '/readyz']);

const SHED = new DomainError('rate_limited', 'The service is at capacity; retry in 1 s.', { retryAfterSeconds: 1 });

/**
 * Load shedding, the first middleware of an HTTP app: the replica works on at most `max` requests at once and
 * answers any request beyond that at once with 429 rate_limited and Retry-After: 1. Without a bound, load above
 * capacity only lengthens the queue in front of the database pool and the event loop until every client times
 * out; with one, the requests taken are answered in bounded time and the others learn at once to come back
 * (issue 7: under twice the saturating load the api keeps answering, never with a 5xx). It runs before routing,
 * logging and the exception filter because a refusal must cost far less than an answer, or refusing would
 * itself saturate the process. Counted per process: replicas add up.
 */
export function inFlightLimit(options: {
  max: number;
  publicApiUrl: string;
  metrics: Metrics;
  /** Added to every refusal, e.g. the CORS headers a browser needs to read it (the refusal runs before the CORS middleware). */
  headers?: Readonly<Record<string, string>>;
}) {
  let inFlight = 0;
  options.metrics.watchInFlight(() => inFlight);
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (UNSHED_PATHS.has((req.url ?? '/').split('?', 1)[0] as string)) {
      next();
      return;
    }
    if (inFlight < options.max) {
      inFlight++;
      // 'close' also fires when the client goes away before the answer: a slot is never leaked.
      res.once('close', () => inFlight--);
      next();
      return;
    }
    options.metrics.requestShed();
    const body = JSON.stringify(problemDocument(SHED, options.publicApiUrl, assignRequestId(req, res)));
    res.writeHead(429, { ...options.headers, 'content-type': 'application/problem+json', 'retry-after': '1', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
}
