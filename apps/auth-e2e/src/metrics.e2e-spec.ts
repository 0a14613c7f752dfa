import { randomUUID } from 'node:crypto';
import { metricsUrlOf } from '@cs/testing';
import { useAuthStack } from './support/auth-stack';

/**
 * Issue 19, finding 2: each GET of /authorize/<anything> added a `route` series naming the resume id, and
 * /metrics answered on the port the Ingress routes to. Labels are route templates; /metrics has a port of its own.
 */
const stack = useAuthStack();

describe('metrics of the auth server', () => {
  it('labels oidc-provider routes by their templates, so made-up resume ids add no series and never appear', async () => {
    const ids = Array.from({ length: 5 }, () => `resume-${randomUUID()}`);
    for (const id of ids) await fetch(`${stack.authUrl}/api/auth/oauth2/authorize/${id}`, { redirect: 'manual' });
    await fetch(`${stack.authUrl}/api/auth/oauth2/no-such-route/${ids[0]}`, { redirect: 'manual' });
    const scrape = await fetch(metricsUrlOf(stack.authUrl));
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    for (const id of ids) expect(text).not.toContain(id);
    const authorize = text.match(/^conversation_service_http_requests_total\{method="GET",route="\/api\/auth\/oauth2\/authorize\/:uid",[^}]*\} \d+$/gm) ?? [];
    expect(authorize.reduce((sum, line) => sum + Number(line.split(' ').pop()), 0)).toBe(ids.length);
    expect(text).toMatch(/^conversation_service_http_requests_total\{method="GET",route="unmatched",status="404",app="auth"\} 1$/m);
  });

  it('serves /metrics only on its own port, not on the port the Ingress routes to (auth and api)', async () => {
    for (const url of [stack.authUrl, stack.apiUrl]) {
      const onAppPort = await fetch(`${url}/metrics`);
      expect(onAppPort.status).toBe(404);
      expect(await onAppPort.text()).not.toContain('conversation_service_');
      expect((await fetch(metricsUrlOf(url))).status).toBe(200);
    }
  });
});
