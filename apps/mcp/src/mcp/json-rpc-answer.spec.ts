import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { serializeAnswer } from './json-rpc-answer';

const toolAnswer = (structured: Record<string, unknown>, id: number | string = 1): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  result: { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured },
});

describe('serializeAnswer: the JSON of an answer, structured content taken from its text block', () => {
  it('is exactly JSON.stringify of the answer for a tool result', () => {
    const structured = { data: [{ id: 'conv_1', title: 'He said "hi" \\ then\nleft', tags: [] }], next_cursor: null, has_more: false };
    const answer = toolAnswer(structured);
    expect(serializeAnswer(answer)).toBe(JSON.stringify(answer));
  });

  it('is not fooled by a text that contains the placeholder or quotes', () => {
    const structured = { note: '\u0000structured content\u0000', quote: '"\u0000structured content\u0000"' };
    const answer = toolAnswer(structured);
    expect(JSON.parse(serializeAnswer(answer))).toEqual(answer);
    expect(serializeAnswer(answer)).toBe(JSON.stringify(answer));
  });

  it('serialises anything else as it is: errors, tool errors, other results', () => {
    const others: JSONRPCMessage[] = [
      { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: 2, result: { isError: true, content: [{ type: 'text', text: '{"code":"not_found"}' }] } },
      { jsonrpc: '2.0', id: 3, result: { tools: [] } },
    ];
    for (const answer of others) expect(serializeAnswer(answer)).toBe(JSON.stringify(answer));
  });
});
