import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleMeetingContent } from '../test-support/sample-meeting';
import { OpenAiCompatibleSummarizer, type OpenAiCompatibleSummarizerOptions, retryAfterMs } from './openai-compatible.summarizer';
import { summaryStructureJsonSchema } from './summary-structure';
import { SummarizerError, type SummaryInput } from './summarizer.port';

/** What the local server saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: {
    model?: string;
    messages?: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema: { name: string; strict: boolean; schema: Record<string, unknown> } };
  };
}

/** One scripted answer: status, headers and a JSON (or raw string) body; `hang` never answers. */
type Script = { status: number; headers?: Record<string, string>; body?: unknown } | 'hang';

/**
 * A local server following OpenAI's documented Chat Completions contract: `POST /v1/chat/completions` with a
 * JSON body, answers `{ id, object: "chat.completion", choices: [{ index, message: { role, content },
 * finish_reason }], usage }`, errors as `{ error: { message, type, param, code } }`.
 */
class FakeChatCompletions {
  readonly seen: Seen[] = [];
  readonly aborted: number[] = [];
  private readonly script: Script[] = [];
  private server!: Server;
  baseUrl = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  answer(...scripts: Script[]): void {
    this.script.push(...scripts);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const index = this.seen.length;
    this.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    const next = this.script.shift() ?? { status: 500, body: apiError('no scripted answer left', 'server_error', null) };
    if (next === 'hang') {
      res.on('close', () => this.aborted.push(index));
      return;
    }
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(typeof next.body === 'string' ? next.body : JSON.stringify(next.body));
  }
}

const completion = (content: string | null) => ({
  id: 'chatcmpl-123',
  object: 'chat.completion',
  created: 1_767_225_600,
  model: 'test-model',
  choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});
const apiError = (message: string, type: string, code: string | null) => ({ error: { message, type, param: null, code } });
/** An answer in the summary structure, as the response format asks. */
const GOOD_ANSWER = {
  digest: 'Pricing tiers, hiring and the mobile launch',
  overview: 'The team agreed on new pricing tiers, a hiring plan and the mobile launch.',
  sections: [
    { heading: 'Pricing', bullets: ['New tiers go live in March.'] },
    { heading: 'Mobile launch', bullets: ['Grace Hopper: staged rollout starts on Tuesday.'] },
  ],
  key_principles: [],
  decisions: ['Raise the design salary band by ten percent.'],
  action_items: [{ text: 'draft the pricing page copy', owner: 'Grace', due: 'this week' }],
};
/** What the summarizer returns for GOOD_ANSWER: the Markdown rendered from the structure, the items without a position. */
const GOOD_OUTPUT = {
  summary:
    'The team agreed on new pricing tiers, a hiring plan and the mobile launch.\n\n## Pricing\n- New tiers go live in March.\n\n## Mobile launch\n' +
    '- Grace Hopper: staged rollout starts on Tuesday.\n\n## Decisions\n- Raise the design salary band by ten percent.\n\n## Action items\n' +
    '- Grace Hopper: draft the pricing page copy (this week)',
  digest: 'Pricing tiers, hiring and the mobile launch',
  action_items: [{ text: 'draft the pricing page copy', owner: 'Grace Hopper', due: 'this week', source: null, start_seconds: null }],
};

const input: SummaryInput = {
  title: 'Weekly product sync',
  sources: [{ type: 'transcript', title: 'Recording', content: sampleMeetingContent(), participants: ['Ada Lovelace', 'Grace Hopper', 'Speaker 3'] }],
};

describe('OpenAiCompatibleSummarizer against a local chat-completions server', () => {
  let server: FakeChatCompletions;
  let sleeps: number[];
  const summarizer = (options: Partial<OpenAiCompatibleSummarizerOptions> = {}) =>
    new OpenAiCompatibleSummarizer({
      baseUrl: server.baseUrl,
      apiKey: 'sk-test-key',
      model: 'test-model',
      timeoutMs: 2_000,
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    });

  beforeEach(async () => {
    server = new FakeChatCompletions();
    sleeps = [];
    await server.start();
  });
  afterEach(() => server.stop());

  it('POSTs model, messages and the summary structure as a strict JSON-schema response format, and renders the answer', async () => {
    server.answer({ status: 200, body: completion(JSON.stringify(GOOD_ANSWER)) });
    await expect(summarizer().summarize(input)).resolves.toEqual(GOOD_OUTPUT);
    const [request] = server.seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-key');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body.model).toBe('test-model');
    expect(request?.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    const user = request?.body.messages?.[1]?.content ?? '';
    expect(user).toContain('Conversation title: Weekly product sync');
    expect(user).toContain('participants: Ada Lovelace, Grace Hopper, Speaker 3');
    expect(user).toContain('Ada Lovelace: Good morning everyone');
    expect(request?.body.response_format?.type).toBe('json_schema');
    expect(request?.body.response_format?.json_schema).toMatchObject({ name: 'conversation_summary', strict: true, schema: summaryStructureJsonSchema() });
    const schema = request?.body.response_format?.json_schema.schema as { required: string[]; additionalProperties: boolean };
    expect(schema.required).toEqual(['digest', 'overview', 'sections', 'key_principles', 'decisions', 'action_items']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('asks once more at once when the answer does not follow the structure, and takes the second answer', async () => {
    server.answer({ status: 200, body: completion(JSON.stringify({ summary: 'Just markdown', digest: 'x' })) }, { status: 200, body: completion(JSON.stringify(GOOD_ANSWER)) });
    await expect(summarizer({ maxRetries: 0 }).summarize(input)).resolves.toEqual(GOOD_OUTPUT);
    expect(server.seen).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('gives up with a retryable invalid_response after a second malformed answer (a digest over 80 characters)', async () => {
    const tooLong = { ...GOOD_ANSWER, digest: 'A very long digest that goes on and on about pricing tiers, hiring plans, mobile launches and more' };
    server.answer({ status: 200, body: completion(JSON.stringify(tooLong)) }, { status: 200, body: completion(JSON.stringify(tooLong)) }, { status: 200, body: completion(JSON.stringify(GOOD_ANSWER)) });
    const error = await summarizer().summarize(input).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid_response', retryable: true });
    expect((error as Error).message).toMatch(/digest/);
    expect(server.seen).toHaveLength(2);
  });

  it('keeps an owner only when the sources have that participant', async () => {
    server.answer({ status: 200, body: completion(JSON.stringify({ ...GOOD_ANSWER, action_items: [{ text: 'book the room', owner: 'Marco', due: null }] })) });
    expect((await summarizer().summarize(input)).action_items).toEqual([{ text: 'book the room', owner: null, due: null, source: null, start_seconds: null }]);
  });

  it('sends no Authorization header without an API key (local servers need none)', async () => {
    server.answer({ status: 200, body: completion(JSON.stringify(GOOD_ANSWER)) });
    await summarizer({ apiKey: undefined }).summarize(input);
    expect(server.seen[0]?.headers.authorization).toBeUndefined();
  });

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    server.answer(
      { status: 429, headers: { 'retry-after': '2' }, body: apiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded') },
      { status: 200, body: completion(JSON.stringify(GOOD_ANSWER)) },
    );
    await expect(summarizer().summarize(input)).resolves.toEqual(GOOD_OUTPUT);
    expect(server.seen).toHaveLength(2);
    expect(sleeps).toEqual([2_000]);
  });

  it('really sleeps for retry-after-ms with the default clock', async () => {
    server.answer({ status: 429, headers: { 'retry-after-ms': '150' }, body: apiError('slow down', 'requests', 'rate_limit_exceeded') }, { status: 200, body: completion(JSON.stringify(GOOD_ANSWER)) });
    const started = Date.now();
    await summarizer({ sleep: undefined }).summarize(input);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(server.seen).toHaveLength(2);
  });

  it('gives up after maxRetries on repeated 500s, backing off exponentially, with a retryable upstream error', async () => {
    const boom = { status: 500, body: apiError('The server had an error while processing your request.', 'server_error', null) };
    server.answer(boom, boom, boom, boom);
    const error = await summarizer({ maxRetries: 2, retryBaseMs: 100 })
      .summarize(input)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SummarizerError);
    expect(error).toMatchObject({ kind: 'upstream', retryable: true });
    expect((error as Error).message).toContain('500 from the model server: The server had an error while processing your request.');
    expect(server.seen).toHaveLength(3);
    // Full jitter with random() = 0.5: half of 100, then half of 200.
    expect(sleeps).toEqual([50, 100]);
  });

  it('recovers when a 503 is followed by a good answer', async () => {
    server.answer({ status: 503, body: apiError('overloaded', 'server_error', null) }, { status: 200, body: completion(JSON.stringify(GOOD_ANSWER)) });
    await expect(summarizer().summarize(input)).resolves.toEqual(GOOD_OUTPUT);
  });

  it('does not retry a 401, and reports the server’s error message', async () => {
    server.answer({ status: 401, body: apiError('Incorrect API key provided: sk-test-key.', 'invalid_request_error', 'invalid_api_key') });
    const error = await summarizer().summarize(input).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'upstream', retryable: false });
    expect((error as Error).message).toBe('401 from the model server: Incorrect API key provided: sk-test-key. (invalid_request_error, invalid_api_key)');
    expect(server.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('does not retry a 400 or a 429 for an exhausted quota', async () => {
    server.answer({ status: 400, body: apiError("'messages' is required", 'invalid_request_error', null) });
    await expect(summarizer().summarize(input)).rejects.toMatchObject({ kind: 'upstream', retryable: false });
    server.answer({ status: 429, body: apiError('You exceeded your current quota', 'insufficient_quota', 'insufficient_quota') });
    await expect(summarizer().summarize(input)).rejects.toMatchObject({ kind: 'upstream', retryable: false });
    expect(server.seen).toHaveLength(2);
  });

  it('hands a Retry-After longer than its cap back to the job as a retryable rate_limited error', async () => {
    server.answer({ status: 429, headers: { 'retry-after': '120' }, body: apiError('Rate limit reached', 'requests', 'rate_limit_exceeded') });
    await expect(summarizer({ maxRetryDelayMs: 30_000 }).summarize(input)).rejects.toMatchObject({ kind: 'rate_limited', retryable: true });
    expect(server.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('times out an attempt that gets no answer, aborting the request, and retries it', async () => {
    server.answer('hang', 'hang');
    const error = await summarizer({ timeoutMs: 150, maxRetries: 1 })
      .summarize(input)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'timeout', retryable: true });
    expect(server.seen).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.aborted).toEqual([0, 1]);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    server.answer('hang', 'hang');
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('worker shutting down')), 100);
    await expect(summarizer({ timeoutMs: 5_000 }).summarize(input, controller.signal)).rejects.toThrow('worker shutting down');
    expect(server.seen).toHaveLength(1);
  });

  it.each([
    ['a body that is not JSON', { status: 200, body: '<html>502 Bad Gateway</html>' }, /is not JSON/],
    ['no choices', { status: 200, body: { ...completion(''), choices: [] } }, /no choices\[0\]\.message\.content/],
    ['a null content', { status: 200, body: completion(null) }, /no choices\[0\]\.message\.content/],
    ['plain Markdown', { status: 200, body: completion('## Pricing\n- Tiers go live in March.') }, /not the summary structure as JSON/],
    ['an empty overview', { status: 200, body: completion(JSON.stringify({ ...GOOD_ANSWER, overview: '  ' })) }, /overview/],
  ])('refuses a malformed answer (%s) as invalid_response', async (_what, script, message) => {
    server.answer(script as Script, script as Script);
    const error = await summarizer({ maxRetries: 0 }).summarize(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SummarizerError);
    expect(error).toMatchObject({ kind: 'invalid_response', retryable: true });
    expect((error as Error).message).toMatch(message);
  });

  it('accepts the structure fenced as a json code block (servers that ignore the response format)', async () => {
    server.answer({ status: 200, body: completion(`\`\`\`json\n${JSON.stringify(GOOD_ANSWER)}\n\`\`\``) });
    await expect(summarizer().summarize(input)).resolves.toEqual(GOOD_OUTPUT);
  });

  it('truncates long input to the budget on a line boundary, marking it', async () => {
    server.answer({ status: 200, body: completion(JSON.stringify(GOOD_ANSWER)) });
    const long = Array.from({ length: 2_000 }, (_, i) => `[00:00:${String(i % 60).padStart(2, '0')}] Speaker 1: Line ${i} of a very long meeting.`).join('\n');
    await summarizer({ inputBudgetChars: 5_000 }).summarize({ title: null, sources: [{ type: 'transcript', title: null, content: long, participants: [] }] });
    const user = server.seen[0]?.body.messages?.[1]?.content ?? '';
    expect(user.length).toBeLessThan(5_300);
    expect(user).toMatch(/Line 0 of a very long meeting\./);
    expect(user).toMatch(/\n\[… truncated: \d+ of \d+ characters shown\]$/);
    expect(user).not.toContain('Line 1999');
  });

  it('refuses a conversation without any text as no_content, without calling the server', async () => {
    await expect(summarizer().summarize({ title: 't', sources: [{ type: 'file', title: 'scan.pdf', content: null, participants: [] }] })).rejects.toMatchObject({ kind: 'no_content', retryable: false });
    expect(server.seen).toHaveLength(0);
  });

  it('reports a refused connection as a retryable upstream error', async () => {
    const url = server.baseUrl;
    await server.stop();
    const error = await new OpenAiCompatibleSummarizer({ baseUrl: url, model: 'm', maxRetries: 0 }).summarize(input).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'upstream', retryable: true });
    server = new FakeChatCompletions();
    await server.start();
  });
});

describe('retryAfterMs', () => {
  it('reads retry-after-ms, then Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250.4', 'retry-after': '9' }), now)).toBe(251);
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), now)).toBe(3_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(5_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers(), now)).toBeNull();
  });
});
