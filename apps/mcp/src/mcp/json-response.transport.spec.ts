import { type JSONRPCMessage, Server } from '@modelcontextprotocol/server';
import { JsonResponseTransport } from './json-response.transport';

/** A real SDK Server with one tool answering after a delay that the caller picks, connected to the transport. */
async function connectedServer(): Promise<JsonResponseTransport> {
  const server = new Server({ name: 'test', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', async (request) => {
    const delay = Number(request.params.arguments?.['delay'] ?? 0);
    await new Promise((resolve) => setTimeout(resolve, delay));
    return { content: [{ type: 'text', text: `after ${delay}` }] };
  });
  const transport = new JsonResponseTransport();
  await server.connect(transport);
  return transport;
}

const call = (id: number | string, delay: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'wait', arguments: { delay } },
});

describe('JsonResponseTransport: one POST exchanged with an SDK Server', () => {
  it('resolves with the answer to the request once its handler has answered', async () => {
    const transport = await connectedServer();
    await expect(transport.exchange(call('slow', 30))).resolves.toEqual({ jsonrpc: '2.0', id: 'slow', result: { content: [{ type: 'text', text: 'after 30' }] } });
  });

  it('resolves with no answer when the POST carries a notification', async () => {
    const transport = await connectedServer();
    await expect(transport.exchange({ jsonrpc: '2.0', method: 'notifications/initialized' })).resolves.toBeUndefined();
  });

  it('carries the server error for an unknown method as the answer', async () => {
    const transport = await connectedServer();
    const answer = await transport.exchange({ jsonrpc: '2.0', id: 7, method: 'resources/list' });
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601 } });
  });

  it('refuses to send an answer no request of the exchange awaits', async () => {
    const transport = new JsonResponseTransport();
    await expect(transport.send({ jsonrpc: '2.0', id: 99, result: {} })).rejects.toThrow(/No request 99/);
  });
});
