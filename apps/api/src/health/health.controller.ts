import { Controller, Get, Inject } from '@nestjs/common';
import { DomainError } from '@cs/domain';
import { Public } from '@cs/token-verification';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { DATA_SOURCE, REDIS } from '../infrastructure/infrastructure.module';

/** Kubernetes probes: alive as long as the process answers; ready when Postgres and Redis answer. */
@Controller()
export class HealthController {
  constructor(
    @Inject(DATA_SOURCE) private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Public()
  @Get('healthz')
  alive() {
    return { status: 'ok' };
  }

  @Public()
  @Get('readyz')
  async ready() {
    try {
      await Promise.all([this.dataSource.query('SELECT 1'), this.redis.ping()]);
    } catch {
      throw new DomainError('service_unavailable', 'Postgres or Redis is not reachable.');
    }
    return { status: 'ready' };
  }
}
