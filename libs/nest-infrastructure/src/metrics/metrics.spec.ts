import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Metrics } from './metrics';

function answer(metrics: Metrics, req: Partial<IncomingMessage> & { route?: { path: string }; baseUrl?: string }, status: number) {
  const res = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as ServerResponse;
  metrics.httpMiddleware()(req as IncomingMessage, res, () => undefined);
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
