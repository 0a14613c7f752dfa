import { DomainError } from '@cs/domain';
import { isQueryCanceled, type RowQueryable, timedReads } from '@cs/persistence';
import type { Pool } from 'pg';

/** SEARCH_STATEMENT_TIMEOUT_MS and SEARCH_MAX_CONCURRENT (docs/search.md "Limits", docs/operations.md). */
export interface SearchLimits {
  /** The longest one statement of a full-text read may run, far below the app's own statement timeout. */
  statementTimeoutMs: number;
  /** Full-text reads one process runs at once; one more is refused at once rather than queued. */
  maxConcurrent: number;
}

const busy = () => new DomainError('rate_limited', 'Too many searches are running on this server right now; retry in a second.', { retryAfterSeconds: 1 });

const tooLong = (ms: number) =>
  new DomainError(
    'service_unavailable',
    `The search ran longer than ${ms} ms and was stopped. Narrow it (more words, a "phrase", a folder, tag or created_after) or retry.`,
    { retryAfterSeconds: 1 },
  );

/**
 * The planner settings of every full-text read. No sequential scans: the one the planner picks is of
 * `search_conversation_terms`, whose table looks small while each row's words are kilobytes kept out of line, which
 * its cost model does not count; reading them all took 420 ms for `q=standard` on the list at benchmark scale,
 * against 32 ms through the GIN index (docs/search.md "Plans and performance"). A penalty, not a ban: a statement
 * with no other way still runs.
 */
export const FULL_TEXT_READ_SETTINGS: Readonly<Record<string, string>> = { enable_seqscan: 'off' };

/**
 * The cost bound of every full-text read (GET /search, `q` on GET /conversations, the MCP search tool) in one
 * process: at most `maxConcurrent` at once, the next one refused with 429 at once, so a burst of expensive searches
 * can neither queue up nor take every pooled connection from the other routes; and each statement stopped after
 * `statementTimeoutMs` with a 503 that says so, long before the app's own statement timeout.
 */
export class SearchBudget {
  private running = 0;

  private constructor(
    private readonly reads: <T>(work: (db: RowQueryable) => Promise<T>) => Promise<T>,
    private readonly limits: SearchLimits,
  ) {}

  /** The apps' budget: reads on their pool, in a transaction with the statement timeout of `limits`. */
  static onPool(pool: Pool, limits: SearchLimits): SearchBudget {
    return new SearchBudget((work) => timedReads(pool, limits.statementTimeoutMs, work, FULL_TEXT_READ_SETTINGS), limits);
  }

  /**
   * Reads straight on `db`, with no timeout or count: for the benchmark's statement recorder, which EXPLAINs each
   * statement afterwards, and for tests that do not test the limits.
   */
  static unlimited(db: RowQueryable): SearchBudget {
    return new SearchBudget((work) => work(db), { statementTimeoutMs: Number.POSITIVE_INFINITY, maxConcurrent: Number.POSITIVE_INFINITY });
  }

  async run<T>(work: (db: RowQueryable) => Promise<T>): Promise<T> {
    if (this.running >= this.limits.maxConcurrent) throw busy();
    this.running++;
    try {
      return await this.reads(work);
    } catch (error) {
      throw isQueryCanceled(error) ? tooLong(this.limits.statementTimeoutMs) : error;
    } finally {
      this.running--;
    }
  }
}
