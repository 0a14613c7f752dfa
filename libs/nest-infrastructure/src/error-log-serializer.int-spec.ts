import 'reflect-metadata';
import { Logger as NestLogger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { poolQueryable, postgresPool } from '@cs/persistence';
import { createTestDatabase, type TestDatabase } from '@cs/testing';
import { Logger } from 'nestjs-pino';
import { Writable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { InfrastructureModule } from './infrastructure.module';
import { DATA_SOURCE } from './infrastructure.tokens';
import { loggerModule } from './logger.module';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** Issue 19: the error log of a failed query carried its parameters (user content, sealed secrets). */
describe('error logs of a failed query (the app logger of loggerModule)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('carry the statement, the message and the code, and none of the values', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    @Module({
      imports: [
        loggerModule('info', destination),
        InfrastructureModule.forRoot({ applicationName: 'log-test', databaseUrl: db.url, databasePoolSize: 1, databaseStatementTimeoutMs: 30_000, redisUrl: REDIS_URL }),
      ],
    })
    class TestModule {}
    const app = await NestFactory.createApplicationContext(TestModule, { bufferLogs: true });
    app.useLogger(app.get(Logger));
    const ds = app.get<DataSource>(DATA_SOURCE);
    try {
      await ds.query('CREATE TEMPORARY TABLE sealed (value text UNIQUE)');
      const secret = 'sealed-secret-c2VjcmV0';
      await ds.query('INSERT INTO sealed (value) VALUES ($1)', [secret]);
      const failure = await ds.query('INSERT INTO sealed (value) VALUES ($1)', [secret]).catch((error: unknown) => error);
      // The same failure through the pool the libraries query with (node-postgres' own error, its detail naming the value).
      const poolFailure = await poolQueryable(postgresPool(ds)).query('INSERT INTO sealed (value) VALUES ($1)', [secret]).catch((error: unknown) => error);
      // As the exception filters log an unexpected error.
      new NestLogger('ProblemFilter').error({ err: failure, requestId: 'req_1' }, 'unhandled error');
      new NestLogger('ProblemFilter').error({ err: poolFailure, requestId: 'req_2' }, 'unhandled error');
      const logged = lines.filter((l) => l.includes('unhandled error'));
      expect(logged).toHaveLength(2);
      for (const line of logged) expect(line).not.toContain(secret);
      const [typeorm, pool] = logged.map((line) => (JSON.parse(line) as { err: Record<string, unknown> }).err);
      expect(typeorm).toMatchObject({ type: 'QueryFailedError', query: 'INSERT INTO sealed (value) VALUES ($1)', code: '23505', constraint: 'sealed_value_key' });
      expect(String(typeorm?.['message'])).toContain('duplicate key value violates unique constraint');
      expect(typeorm?.['parameters']).toBeUndefined();
      expect(pool).toMatchObject({ code: '23505', constraint: 'sealed_value_key', message: expect.stringContaining('duplicate key value') });
    } finally {
      await app.close();
    }
  });
});
