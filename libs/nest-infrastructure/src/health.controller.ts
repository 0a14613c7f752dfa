import { Controller, Get } from '@nestjs/common';
import { DomainError } from '@cs/domain';
import { Public } from '@cs/token-verification';
import { ReadinessCheck } from './readiness.check';

/** Kubernetes probes: alive as long as the process answers; ready when Postgres and Redis answer. */
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessCheck) {}

  @Public()
  @Get('healthz')
  alive() {
    return { status: 'ok' };
  }

  @Public()
  @Get('readyz')
  async ready() {
    // Each app's exception filter renders the error in its own way (a problem document on the resource servers).
    if (!(await this.readiness.isReady())) throw new DomainError('service_unavailable', 'Postgres or Redis is not reachable.');
    return { status: 'ready' };
  }
}
