import { type RetryPolicy, retryable, retryDelayMs } from './retry-schedule';

/** A provider's answer that is not a success, after every retry. */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderHttpError';
  }
}

export interface ProviderHttpOptions {
  policy: RetryPolicy;
  /** Per attempt. */
  timeoutMs: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  fetch?: typeof fetch;
}

export interface ProviderResponse {
  status: number;
  body: unknown;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * JSON over HTTP with retries: 429, 409, 5xx and network errors are tried again after retryDelayMs (honouring
 * Retry-After), up to policy.attempts in all; any other answer is returned as it is. The clock and the sleep are
 * injectable, so the schedule is tested without waiting.
 */
export class ProviderHttpClient {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => Date;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ProviderHttpOptions) {
    this.sleep = options.sleep ?? realSleep;
    this.now = options.now ?? (() => new Date());
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  async request(method: string, url: string, init: { headers?: Record<string, string>; json?: unknown } = {}): Promise<ProviderResponse> {
    const { policy } = this.options;
    for (let attempt = 1; ; attempt++) {
      let retryAfter: string | null = null;
      let failure: string;
      try {
        const response = await this.fetch(url, {
          method,
          headers: { accept: 'application/json', ...(init.json === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
          body: init.json === undefined ? undefined : JSON.stringify(init.json),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        const text = await response.text();
        const body = parseJson(text);
        if (!retryable(response.status)) return { status: response.status, body };
        retryAfter = response.headers.get('retry-after');
        failure = `${method} ${new URL(url).pathname} answered ${response.status}`;
        if (attempt >= policy.attempts) throw new ProviderHttpError(response.status, body, `${failure} after ${attempt} attempts`);
      } catch (err) {
        if (err instanceof ProviderHttpError) throw err;
        failure = `${method} ${new URL(url).pathname} failed: ${(err as Error).message}`;
        if (attempt >= policy.attempts) throw new ProviderHttpError(0, null, `${failure} after ${attempt} attempts`);
      }
      await this.sleep(retryDelayMs(attempt, retryAfter, policy, this.now()));
    }
  }
}

function parseJson(text: string): unknown {
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
