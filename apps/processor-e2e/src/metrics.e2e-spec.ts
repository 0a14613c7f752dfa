import { metricsUrlOf } from '@cs/testing';
import { useProcessingStack } from './support/processing-stack';

const stack = useProcessingStack();

describe('Prometheus metrics of the api and the processor', () => {
  it('counts api requests per route template and status, and processing jobs, queue depth and process figures', async () => {
    const processor = await stack.startProcessor();
    const { client } = await stack.writer();
    const created = await client.createConversation({ sources: [{ type: 'text', content: 'Metrics are counted per route, not per id.' }] });
    expect((await stack.settled(client, created.id)).status).toBe('ready');
    await client.request('GET', '/api/v1/conversations/{id}', { pathParams: { id: 'conv_unknown' } });

    const api = await (await fetch(metricsUrlOf(stack.apiUrl))).text();
    expect(api).toMatch(/conversation_service_http_requests_total\{method="POST",route="\/api\/v1\/conversations",status="201",app="api"\} 1/);
    expect(api).toMatch(/conversation_service_http_requests_total\{method="GET",route="\/api\/v1\/conversations\/:id",status="404",app="api"\} 1/);
    expect(api).toMatch(/conversation_service_http_request_duration_seconds_bucket\{le="\+Inf",app="api",method="GET",route="\/api\/v1\/conversations\/:id",status="200"\} \d+/);
    expect(api).not.toContain(created.id);

    const worker = await (await fetch(`${processor.origin}/metrics`)).text();
    expect(worker).toMatch(/conversation_service_job_duration_seconds_count\{app="processor",queue="processing",outcome="ready"\} 1/);
    expect(worker).toMatch(/conversation_service_queue_waiting_jobs\{queue="processing",app="processor"\} 0/);
    expect(worker).toContain('conversation_service_nodejs_eventloop_lag_seconds');
  });
});
