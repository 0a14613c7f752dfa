import { toDigest } from '@cs/domain';
import { LLM_INPUT_BUDGET_CHARS, renderSummaryRequest, SUMMARY_SYSTEM_PROMPT } from './llm-prompt';
import { participantNamed } from './action-items';
import { renderSummaryMarkdown, summaryStructureJsonSchema, summaryStructureSchema } from './summary-structure';
import { type Summarizer, SummarizerError, type SummaryInput, type SummaryOutput } from './summarizer.port';

export interface OpenAiCompatibleSummarizerOptions {
  /** e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Per attempt (default 60 s). */
  timeoutMs?: number;
  /** Retries after the first attempt for 408, 409, 429, 5xx and network errors (default 2, as OpenAI's SDKs). */
  maxRetries?: number;
  /** Characters of conversation text per request (default LLM_INPUT_BUDGET_CHARS). */
  inputBudgetChars?: number;
  /** First backoff delay (default 500 ms), doubled per retry with full jitter, capped by maxRetryDelayMs. */
  retryBaseMs?: number;
  /** A Retry-After longer than this (default 30 s) is not waited for here: the job retries later instead. */
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
  /** Injectable for tests: waits `ms` unless the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injectable for tests: a number in [0, 1) for the backoff jitter. */
  random?: () => number;
}

/** Largest summary accepted from a model; more is a runaway answer, not a summary. */
const MAX_SUMMARY_CHARS = 20_000;

/**
 * Summarizes through any server that speaks OpenAI's Chat Completions API (OpenAI, Azure's compatible
 * endpoint, vLLM, Ollama, LM Studio, …): `POST {baseUrl}/chat/completions` with `model` and `messages`,
 * the answer read from `choices[0].message.content`, errors from `{ "error": { message, type, code } }`.
 *
 * Retries follow OpenAI's documented advice and SDK behaviour: 408, 409, 429 and 5xx and network errors are
 * retried up to maxRetries times with exponential backoff and full jitter, honouring `retry-after-ms` and
 * `Retry-After` (seconds or an HTTP date) when the server sends them; a 429 whose code is
 * `insufficient_quota` (billing, not rate) and every other 4xx are not retried. Each attempt has its own
 * timeout (an AbortSignal), combined with the caller's signal.
 *
 * The model is asked for the summary's structure (summary-structure.ts) through a JSON-schema response format
 * (`response_format: { type: "json_schema", json_schema: { name, strict: true, schema } }`, OpenAI's Structured
 * Outputs), the schema derived from the same zod source the answer is then checked against. An answer that is not
 * that structure (not JSON, a field missing, a digest over 80 characters…) is asked for once more at once; a second
 * malformed answer is a retryable `invalid_response`. The Markdown is rendered from the structure by the same
 * function as the built-in summarizer's, and the action items are returned without a position (the model does not
 * say where they were said).
 */
export class OpenAiCompatibleSummarizer implements Summarizer {
  readonly name = 'openai';
  private readonly endpoint: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly retryBaseMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: OpenAiCompatibleSummarizerOptions) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.sleep = options.sleep ?? abortableSleep;
    this.random = options.random ?? Math.random;
  }

  async summarize(input: SummaryInput, signal?: AbortSignal): Promise<SummaryOutput> {
    if (!input.sources.some((s) => s.content !== null && s.content.trim() !== '')) {
      throw new SummarizerError('no_content', 'no source has any text to summarize', false);
    }
    const body = JSON.stringify({
      model: this.options.model,
      messages: [
        { role: 'system', content: SUMMARY_SYSTEM_PROMPT },
        { role: 'user', content: renderSummaryRequest(input, this.options.inputBudgetChars ?? LLM_INPUT_BUDGET_CHARS) },
      ],
      temperature: 0.2,
      response_format: { type: 'json_schema', json_schema: { name: 'conversation_summary', strict: true, schema: summaryStructureJsonSchema() } },
    });
    const participants = [...new Set(input.sources.flatMap((s) => s.participants))];
    let malformed = 0;
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      const outcome = await this.attempt(body, participants, signal);
      if ('output' in outcome) return outcome.output;
      const { error, retryAfterMs } = outcome;
      // A malformed answer is asked for again once, at once: a non-deterministic model usually answers well the second time.
      if (error.kind === 'invalid_response') {
        if (malformed++ > 0) throw error;
        attempt--;
        continue;
      }
      if (!error.retryable || attempt >= this.maxRetries) throw error;
      const backoff = Math.floor(this.random() * Math.min(this.maxRetryDelayMs, this.retryBaseMs * 2 ** attempt));
      const delay = retryAfterMs ?? backoff;
      // Waiting longer than the cap would hold a worker slot idle: hand the retry to the job's own schedule.
      if (delay > this.maxRetryDelayMs) throw error;
      await this.sleep(delay, signal);
    }
  }

  private async attempt(body: string, participants: readonly string[], signal: AbortSignal | undefined): Promise<{ output: SummaryOutput } | { error: SummarizerError; retryAfterMs: number | null }> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(this.endpoint, { method: 'POST', headers, body, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      text = await response.text();
    } catch (cause) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted) return { error: new SummarizerError('timeout', `no answer from ${this.endpoint} within ${this.timeoutMs} ms`, true), retryAfterMs: null };
      return { error: new SummarizerError('upstream', `request to ${this.endpoint} failed: ${describe(cause)}`, true), retryAfterMs: null };
    }
    if (!response.ok) return { error: httpError(response, text), retryAfterMs: retryAfterMs(response.headers) };
    return parseCompletion(text, participants);
  }
}

function httpError(response: Response, text: string): SummarizerError {
  const { message, code, type } = errorBody(text);
  const detail = `${response.status} from the model server${message ? `: ${message}` : ''}${code || type ? ` (${[type, code].filter(Boolean).join(', ')})` : ''}`;
  if (response.status === 429) {
    // OpenAI answers 429 for an exhausted quota too; waiting does not refill a balance.
    return code === 'insufficient_quota' ? new SummarizerError('upstream', detail, false) : new SummarizerError('rate_limited', detail, true);
  }
  const retryable = response.status === 408 || response.status === 409 || response.status >= 500;
  if (response.headers.get('x-should-retry') === 'false') return new SummarizerError('upstream', detail, false);
  return new SummarizerError(response.status === 408 ? 'timeout' : 'upstream', detail, retryable);
}

function errorBody(text: string): { message?: string; code?: string; type?: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : null;
    if (!error) return {};
    return {
      message: typeof error.message === 'string' ? error.message.slice(0, 500) : undefined,
      code: typeof error.code === 'string' ? error.code : undefined,
      type: typeof error.type === 'string' ? error.type : undefined,
    };
  } catch {
    return {};
  }
}

/** `retry-after-ms` (OpenAI's, milliseconds) first, then `Retry-After` (RFC 9110: delay-seconds or an HTTP date). */
export function retryAfterMs(headers: Headers, now: number = Date.now()): number | null {
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.has('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return Math.ceil(ms);
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function parseCompletion(text: string, participants: readonly string[]): { output: SummaryOutput } | { error: SummarizerError; retryAfterMs: null } {
  const invalid = (why: string) => ({ error: new SummarizerError('invalid_response', `the model server's answer ${why}`, true), retryAfterMs: null });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return invalid('is not JSON');
  }
  const choice = isRecord(parsed) && Array.isArray(parsed.choices) ? (parsed.choices[0] as unknown) : undefined;
  const message = isRecord(choice) && isRecord(choice.message) ? choice.message : undefined;
  const content = message && typeof message.content === 'string' ? message.content.trim() : '';
  if (content === '') return invalid('has no choices[0].message.content');

  let answer: unknown;
  try {
    // Some servers ignore the response format and fence the JSON as Markdown code.
    answer = JSON.parse(content.replace(/^```(?:json)?\s*\n?/i, '').replace(/\n?```\s*$/, ''));
  } catch {
    return invalid('is not the summary structure as JSON');
  }
  const checked = summaryStructureSchema.safeParse(answer);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return invalid(`does not follow the summary structure: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`);
  }
  // An owner is a participant (a first name is resolved to the full name); a name the sources do not have is none.
  const actionItems = checked.data.action_items.map((item) => ({ ...item, owner: item.owner ? participantNamed(item.owner, participants) : null }));
  const structure = { ...checked.data, action_items: actionItems };
  const summary = renderSummaryMarkdown(structure);
  if (summary.length > MAX_SUMMARY_CHARS) return invalid(`has a summary of ${summary.length} characters (at most ${MAX_SUMMARY_CHARS})`);
  return {
    output: {
      summary,
      digest: toDigest(structure.digest),
      action_items: actionItems.map((item) => ({ ...item, source: null, start_seconds: null })),
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return cause.cause instanceof Error ? `${cause.message} (${cause.cause.message})` : cause.message;
  return String(cause);
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
