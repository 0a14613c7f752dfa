import { Fixtures } from '../fixtures';
import { ready } from '../hook-value';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp, type TestAppOptions, type TestAppProcess, type TestHost, testAppEnv } from './test-app';

/**
 * Per test file: a database of its own (with fixtures on it) created in beforeAll, and in afterAll every app
 * started through the stack stopped, then the cleanups run, then the database dropped. Constructing it registers
 * the hooks; a subclass registers its own beforeAll after these (jest runs them in the order they were registered),
 * so it finds the database ready.
 */
export class TestStack {
  private database: TestDatabase | undefined;
  private fixturesOfDatabase: Fixtures | undefined;
  private readonly apps: TestAppProcess[] = [];
  private readonly cleanups: (() => Promise<unknown>)[] = [];

  constructor(private readonly host: TestHost = '127.0.0.1') {
    beforeAll(async () => {
      this.database = await createTestDatabase();
      this.fixturesOfDatabase = new Fixtures(this.database.dataSource);
    }, 60_000);
    afterAll(async () => {
      try {
        await Promise.all(this.apps.map((app) => app.stop()));
        for (const cleanup of this.cleanups) await cleanup();
      } finally {
        await this.database?.drop();
      }
    }, 60_000);
  }

  get db(): TestDatabase {
    return ready(this.database, 'The database');
  }

  get fixtures(): Fixtures {
    return ready(this.fixturesOfDatabase, 'Fixtures');
  }

  /** testAppEnv of this stack's database. */
  env(): Record<string, string> {
    return testAppEnv(this.db.url);
  }

  /** Starts a built app on this stack's host (env on top of env()); stopped in afterAll unless stopped before. */
  async start(app: TestApp, options: Partial<TestAppOptions> = {}): Promise<TestAppProcess> {
    const started = await startTestApp(app, { host: this.host, port: options.port, env: { ...this.env(), ...options.env } });
    this.apps.push(started);
    return started;
  }

  /** Waits for apps started side by side; fails with the first failure, the others left for afterAll to stop. */
  async startTogether(...starting: Promise<TestAppProcess>[]): Promise<TestAppProcess[]> {
    const settled = await Promise.allSettled(starting);
    const failure = settled.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<TestAppProcess>).value);
  }

  /** Runs in afterAll once every app has stopped, before the database is dropped. */
  onStop(cleanup: () => Promise<unknown>): void {
    this.cleanups.push(cleanup);
  }

  /** The last lines every app wrote (`console.log(stack.output())` while investigating a failure). */
  output(): string {
    return this.apps.map((app) => `--- ${app.name} ---\n${app.output().slice(-8000)}`).join('\n');
  }
}

/** A TestStack for a test file (or a describe block) that starts its apps itself. */
export const useTestStack = (host?: TestHost): TestStack => new TestStack(host);
