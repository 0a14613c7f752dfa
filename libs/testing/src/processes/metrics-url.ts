import { METRICS_PORT_OFFSET } from '@cs/config';

/** Where an HTTP app started on `baseUrl` without METRICS_PORT serves /metrics: its own port plus the offset. */
export function metricsUrlOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}:${Number(url.port) + METRICS_PORT_OFFSET}/metrics`;
}
