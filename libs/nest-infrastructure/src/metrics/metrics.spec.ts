import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Metrics } from './metrics';

function answer(metrics: Metrics, req: Partial<IncomingMessage> & { route?: { path: string }; baseUrl?: string }, status: number, outsideRoutes: string[] = []) {
  const res = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as ServerResponse;
  metrics.httpMiddleware(outsideRoutes)(req as IncomingMessage, res, () => undefined);
  res.emit('finish');
}

describe('Metrics (Prometheus exposition)', () => {
  it('counts and times answers by method, route template and status, labelled with the app', async () => {
    const metrics = new Metrics('api');
    answer(metrics, { method: 'GET', route: { path: '/api/v1/conversations/:id' } }, 200);
    answer(metrics, { method: 'GET', route: { path: '/api/v1/conversations/:id' } }, 404);
    answer(metrics, { method: 'GET' }, 404);
    const text = await metrics.text();
    expect(text).toContain('conversation_service_http_requests_total{method="GET",route="/api/v1/conversations/:id",status="200",app="api"} 1');
    expect(text).toContain('conversation_service_http_requests_total{method="GET",route="/api/v1/conversations/:id",status="404",app="api"} 1');
    expect(text).toContain('conversation_service_http_requests_total{method="GET",route="unmatched",status="404",app="api"} 1');
    expect(text).toMatch(/conversation_service_http_request_duration_seconds_count\{app="api",method="GET",route="\/api\/v1\/conversations\/:id",status="200"\} 1/);
    expect(text).toContain('conversation_service_process_cpu_user_seconds_total');
  });

  // Issue 19: every GET of the auth server's /authorize/<anything> added a series naming a real resume id.
  it('labels a route answered outside Nest by its template, and any other path with the one value `unmatched`', async () => {
    const metrics = new Metrics('auth');
    const templates = ['/api/auth/oauth2/authorize', '/api/auth/oauth2/authorize/:uid'];
    for (const url of ['/api/auth/oauth2/authorize?client_id=a', '/api/auth/oauth2/authorize/resume-1', '/api/auth/oauth2/authorize/resume-2?x=1']) {
      answer(metrics, { method: 'GET', url }, 302, templates);
    }
    for (const url of ['/api/auth/oauth2/authorize/a/b', '/api/auth/oauth2/authorize/', '/api/auth/oauth2/anything', '/secret-123']) {
      answer(metrics, { method: 'GET', url }, 404, templates);
    }
    const text = await metrics.text();
    expect(text).toContain('conversation_service_http_requests_total{method="GET",route="/api/auth/oauth2/authorize",status="302",app="auth"} 1');
    expect(text).toContain('conversation_service_http_requests_total{method="GET",route="/api/auth/oauth2/authorize/:uid",status="302",app="auth"} 2');
    expect(text).toContain('conversation_service_http_requests_total{method="GET",route="unmatched",status="404",app="auth"} 4');
    expect(text).not.toMatch(/resume-|secret-123|anything/);
  });

  it('reads queue depths at scrape time and records job durations by outcome', async () => {
    const metrics = new Metrics('processor');
    let waiting = 3;
    metrics.watchQueue('processing', async () => ({ waiting, active: 1, delayed: 2, failed: 0 }));
    metrics.observeJob('processing', 'ready', 0.2);
    expect(await metrics.text()).toContain('conversation_service_queue_waiting_jobs{queue="processing",app="processor"} 3');
    waiting = 7;
    const text = await metrics.text();
    expect(text).toContain('conversation_service_queue_waiting_jobs{queue="processing",app="processor"} 7');
    expect(text).toContain('conversation_service_queue_jobs{queue="processing",state="delayed",app="processor"} 2');
    expect(text).toContain('conversation_service_job_duration_seconds_count{app="processor",queue="processing",outcome="ready"} 1');
  });
});
