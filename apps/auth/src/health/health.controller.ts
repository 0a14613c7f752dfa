import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
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

  @Get('healthz')
  alive() {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready() {
    try {
      await Promise.all([this.dataSource.query('SELECT 1'), this.redis.ping()]);
    } catch {
      throw new ServiceUnavailableException({ status: 'unavailable' });
    }
    return { status: 'ready' };
  }
}
