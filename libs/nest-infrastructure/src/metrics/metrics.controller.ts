import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '@cs/token-verification';
import { Metrics, METRICS_CONTENT_TYPE } from './metrics';

/** GET /metrics for Prometheus. Public like the probes: restrict it at the network (NetworkPolicy), not with tokens. */
@Controller()
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Public()
  @Get('metrics')
  @Header('Content-Type', METRICS_CONTENT_TYPE)
  scrape(): Promise<string> {
    return this.metrics.text();
  }
}
