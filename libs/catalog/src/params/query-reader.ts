import { type InvalidParam, invalidParameters } from '@cs/domain';

/** A raw query string as Express's simple parser gives it: repeated keys become arrays. */
export type RawQuery = Record<string, string | string[] | undefined>;

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

// RFC 3339 date-time with an explicit offset; a bare date or a local time is ambiguous, so it is refused.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Reads and validates query parameters, collecting every problem before failing, so a client sees
 * all of its mistakes in one answer (RFC 9457 invalid_params).
 */
export class QueryReader {
  private readonly problems: InvalidParam[] = [];
  private readonly explicit = new Set<string>();

  constructor(
    private readonly query: RawQuery,
    allowed: readonly string[],
  ) {
    for (const name of Object.keys(query)) {
      if (!allowed.includes(name)) this.problems.push({ name, reason: 'unknown parameter' });
    }
  }

  /** Names of the parameters the request actually carried. */
  get given(): ReadonlySet<string> {
    return this.explicit;
  }

  private single(name: string): string | undefined {
    const value = this.query[name];
    if (value === undefined) return undefined;
    this.explicit.add(name);
    if (Array.isArray(value)) {
      this.problems.push({ name, reason: 'must be given at most once' });
      return undefined;
    }
    if (value === '') {
      this.problems.push({ name, reason: 'must not be empty' });
      return undefined;
    }
    return value;
  }

  string(name: string, maxLength = 200): string | undefined {
    const value = this.single(name);
    if (value !== undefined && value.length > maxLength) {
      this.problems.push({ name, reason: `must be at most ${maxLength} characters` });
      return undefined;
    }
    return value;
  }

  limit(): number {
    const value = this.single('limit');
    if (value === undefined) return DEFAULT_LIMIT;
    const n = /^[0-9]{1,4}$/.test(value) ? Number(value) : NaN;
    if (!(n >= 1 && n <= MAX_LIMIT)) {
      this.problems.push({ name: 'limit', reason: `must be an integer from 1 to ${MAX_LIMIT}` });
      return DEFAULT_LIMIT;
    }
    return n;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.single(name);
    if (value === undefined) return fallback;
    if (value === 'true') return true;
    if (value === 'false') return false;
    this.problems.push({ name, reason: 'must be true or false' });
    return fallback;
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const value = this.single(name);
    if (value === undefined) return fallback;
    if ((values as readonly string[]).includes(value)) return value as T;
    this.problems.push({ name, reason: `must be one of ${values.join(', ')}` });
    return fallback;
  }

  dateTime(name: string): string | undefined {
    const value = this.single(name);
    if (value === undefined) return undefined;
    const m = DATE_TIME.exec(value);
    const valid =
      m !== null &&
      !Number.isNaN(Date.parse(value)) &&
      Number(m[2]) >= 1 && Number(m[2]) <= 12 &&
      Number(m[3]) >= 1 && Number(m[3]) <= 31 &&
      Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6]) <= 59;
    if (!valid) {
      this.problems.push({ name, reason: 'must be an RFC 3339 date-time with a time zone, e.g. 2026-01-31T09:00:00Z' });
      return undefined;
    }
    return value;
  }

  list(name: string, maxItems: number, maxLength = 100): string[] {
    const raw = this.query[name];
    if (raw === undefined) return [];
    this.explicit.add(name);
    const values = Array.isArray(raw) ? raw : [raw];
    if (values.length > maxItems) {
      this.problems.push({ name, reason: `may be repeated at most ${maxItems} times` });
      return [];
    }
    if (values.some((v) => v === '' || v.length > maxLength)) {
      this.problems.push({ name, reason: 'values must be non-empty ids' });
      return [];
    }
    return [...new Set(values)].sort();
  }

  /** Throws one invalid_parameter error listing every problem found, if any. */
  done(): void {
    if (this.problems.length > 0) throw invalidParameters(this.problems);
  }
}
