import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createTestDatabase, freePort, type TestDatabase } from '@cs/testing';
import type { RevocationList } from '@cs/token-verification';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { serveHealth } from './health.server';
import { InfrastructureModule } from './infrastructure.module';
import { DATA_SOURCE, REDIS, REVOCATION_LIST } from './infrastructure.tokens';
import { ReadinessCheck } from './readiness.check';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

describe('InfrastructureModule (shared Postgres/Redis wiring, readiness, shutdown order)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const boot = async (revocationList: boolean) => {
    @Module({ imports: [InfrastructureModule.forRoot({ applicationName: 'infra-test', databaseUrl: db.url, databasePoolSize: 2, databaseStatementTimeoutMs: 30_000, redisUrl: REDIS_URL, revocationList })] })
    class TestModule {}
    return NestFactory.createApplicationContext(TestModule, { logger: false });
  };

  it('opens Postgres, Redis and the revocation list, reports ready, and closes all of them on shutdown', async () => {
    const app = await boot(true);
    const dataSource = app.get<DataSource>(DATA_SOURCE);
    const redis = app.get<Redis>(REDIS);
    const revocations = app.get<RevocationList>(REVOCATION_LIST);
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(await redis.ping()).toBe('PONG');
    expect(revocations.size()).toEqual({ grant: 0, client: 0 });
    expect(await app.get(ReadinessCheck).isReady()).toBe(true);

    const redisEnded = new Promise((resolve) => redis.once('end', resolve));
    await app.close();
    expect(dataSource.isInitialized).toBe(false);
    await redisEnded;
    expect(redis.status).toBe('end');
  });

  it('provides no revocation list unless asked', async () => {
    const app = await boot(false);
    expect(() => app.get(REVOCATION_LIST)).toThrow();
    await app.close();
  });

  it('is not ready when Redis does not answer, and says so within its timeout', async () => {
    const app = await boot(false);
    const deadRedis = { ping: () => new Promise<string>(() => undefined) } as unknown as Redis;
    const check = new ReadinessCheck(app.get<DataSource>(DATA_SOURCE), deadRedis, 200);
    const started = Date.now();
    expect(await check.isReady()).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    await app.close();
  });

  it('is not ready once draining, although Postgres and Redis still answer', async () => {
    const app = await boot(false);
    const check = app.get(ReadinessCheck);
    expect(await check.isReady()).toBe(true);
    check.startDraining();
    expect(await check.isReady()).toBe(false);
    expect(await app.get<Redis>(REDIS).ping()).toBe('PONG');
    await app.close();
  });

  it('serves /healthz and /readyz for workers on a port of their own', async () => {
    const app = await boot(false);
    const port = await freePort();
    const server = await serveHealth(app.get(ReadinessCheck), port, '127.0.0.1');
    try {
      const alive = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect([alive.status, await alive.json()]).toEqual([200, { status: 'ok' }]);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      await app.close();
      const down = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(down.status).toBe(503);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
