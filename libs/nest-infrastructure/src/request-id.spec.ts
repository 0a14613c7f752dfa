import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { assignRequestId } from './request-id';

function exchange(header?: string): { req: IncomingMessage; res: ServerResponse } {
  const req = new IncomingMessage(new Socket());
  if (header !== undefined) req.headers['x-request-id'] = header;
  return { req, res: new ServerResponse(req) };
}

describe('request ids (docs/architecture.md "Every app": every log line and problem carries one)', () => {
  it('echoes a safe incoming X-Request-Id so ids chain across services', () => {
    const { req, res } = exchange('trace-123.abc_DEF');
    expect(assignRequestId(req, res)).toBe('trace-123.abc_DEF');
    expect(res.getHeader('X-Request-Id')).toBe('trace-123.abc_DEF');
  });

  it.each(['', 'has space', 'x'.repeat(129), 'new\nline'])('replaces an unsafe incoming id (%j) with a generated one', (incoming) => {
    const { req, res } = exchange(incoming);
    const id = assignRequestId(req, res);
    expect(id).toMatch(/^req_[0-9a-f]{24}$/);
    expect(res.getHeader('X-Request-Id')).toBe(id);
  });
});
