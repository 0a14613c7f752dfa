import { DomainError } from '@cs/domain';
import { parseBody } from '@cs/writes';
import { createWebhookInput, endpointUrlProblem, UNKNOWN_EVENT_TYPE_REASON, updateWebhookInput } from './webhook-input.schema';

function invalidParams(call: () => unknown): { name: string; reason: string }[] {
  try {
    call();
  } catch (error) {
    if (error instanceof DomainError) return error.extras.invalidParams ?? [];
    throw error;
  }
  throw new Error('expected the body to be rejected');
}

describe('webhook subscription input', () => {
  it('accepts absolute http and https URLs, and only https when https is required', () => {
    expect(endpointUrlProblem('https://hooks.example.com/in?x=1', true)).toBeNull();
    expect(endpointUrlProblem('http://127.0.0.1:8080/hook', false)).toBeNull();
    expect(endpointUrlProblem('http://hooks.example.com/in', true)).toBe('must be an https URL');
  });

  it('refuses relative URLs, other schemes and credentials in the URL', () => {
    expect(endpointUrlProblem('/hook', false)).toBe('must be an absolute http(s) URL');
    expect(endpointUrlProblem('ftp://example.com/hook', false)).toBe('must be an absolute http(s) URL');
    expect(endpointUrlProblem('javascript:alert(1)', false)).toBe('must be an absolute http(s) URL');
    expect(endpointUrlProblem('https://user:pass@example.com/hook', false)).toBe('must not contain credentials');
  });

  it('normalises events to catalog order without duplicates and turns an empty description into null', () => {
    const input = parseBody(createWebhookInput(false), {
      url: ' https://example.com/hook ',
      events: ['conversation.deleted', 'conversation.ready', 'conversation.ready'],
      description: '  ',
    });
    expect(input).toEqual({ url: 'https://example.com/hook', events: ['conversation.ready', 'conversation.deleted'], description: null });
  });

  it('takes rate_limit_per_second as a whole number from 1 to 1000, or null for no limit', () => {
    const base = { url: 'https://example.com/hook', events: ['conversation.ready'] };
    expect(parseBody(createWebhookInput(true), { ...base, rate_limit_per_second: 25 })).toMatchObject({ rate_limit_per_second: 25 });
    expect(parseBody(updateWebhookInput(true), { rate_limit_per_second: null })).toEqual({ rate_limit_per_second: null });
    expect(invalidParams(() => parseBody(createWebhookInput(true), { ...base, rate_limit_per_second: 0 }))).toEqual([
      { name: 'rate_limit_per_second', reason: 'must be at least 1' },
    ]);
    expect(invalidParams(() => parseBody(updateWebhookInput(true), { rate_limit_per_second: 1000.5 }))).toEqual([
      { name: 'rate_limit_per_second', reason: 'must be an integer' },
      { name: 'rate_limit_per_second', reason: 'must be at most 1000' },
    ]);
    expect(invalidParams(() => parseBody(updateWebhookInput(true), { rate_limit_per_second: '5' }))).toEqual([
      { name: 'rate_limit_per_second', reason: 'must be an integer or null' },
    ]);
  });

  it('lists every bad field of a create body by its JSON path', () => {
    const problems = invalidParams(() =>
      parseBody(createWebhookInput(true), { url: 'http://example.com', events: ['conversation.ready', 'conversation.exploded'], description: 'x'.repeat(501), extra: 1 }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { name: 'url', reason: 'must be an https URL' },
        { name: 'events[1]', reason: UNKNOWN_EVENT_TYPE_REASON },
        { name: 'description', reason: 'must be at most 500 characters' },
        { name: 'extra', reason: 'unknown field' },
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('requires url and a non-empty events list on create, and a URL of at most 2048 characters', () => {
    expect(invalidParams(() => parseBody(createWebhookInput(false), {}))).toEqual([
      { name: 'url', reason: 'is required' },
      { name: 'events', reason: 'is required' },
    ]);
    expect(invalidParams(() => parseBody(createWebhookInput(false), { url: `https://example.com/${'a'.repeat(2040)}`, events: [] }))).toEqual([
      { name: 'url', reason: 'must be at most 2048 characters' },
      { name: 'events', reason: 'must name at least one event type' },
    ]);
  });

  it('takes a partial update, and only booleans for enabled', () => {
    expect(parseBody(updateWebhookInput(false), { enabled: false })).toEqual({ enabled: false });
    expect(invalidParams(() => parseBody(updateWebhookInput(false), { enabled: 'no' }))).toEqual([{ name: 'enabled', reason: 'must be true or false' }]);
  });
});
