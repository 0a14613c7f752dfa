import { type AppProcess, startAppProcess } from '../processes/app-process';
import { freePort } from '../processes/free-port';

/** The apps a test stack starts, and the variable each one reads its HTTP port from. */
const PORT_VARIABLE = { api: 'API_PORT', auth: 'AUTH_PORT', mcp: 'MCP_PORT', processor: 'PROCESSOR_PORT', 'webhook-worker': 'WEBHOOK_WORKER_PORT' } as const;

export type TestApp = keyof typeof PORT_VARIABLE;

/** `localhost` where a browser must see one cookie origin across the apps; `127.0.0.1` elsewhere. */
export type TestHost = 'localhost' | '127.0.0.1';

export interface TestAppProcess extends AppProcess {
  /** Where it answers: `http://<host>:<port>`. */
  readonly origin: string;
}

/** The Redis of the tests: REDIS_URL, or the local one. */
export const testRedisUrl = () => process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** What every app of a test stack gets: the test environment, the log level of E2E_LOG_LEVEL, the database and Redis. */
export function testAppEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: testRedisUrl(),
  };
}

/** n distinct free ports, for apps that must know each other's URLs before any of them starts. */
export async function freePorts(n: number): Promise<number[]> {
  const taken = new Set<number>();
  while (taken.size < n) taken.add(await freePort());
  return [...taken];
}

export interface TestAppOptions {
  host?: TestHost;
  /** A free one unless given. */
  port?: number;
  /** The whole environment of the app but its port variable (see testAppEnv). */
  env: Record<string, string>;
}

/** Starts a built app on its port and resolves once its GET /healthz answers 200. */
export async function startTestApp(app: TestApp, options: TestAppOptions): Promise<TestAppProcess> {
  const port = options.port ?? (await freePort());
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const started = await startAppProcess({ app, healthUrl: `${origin}/healthz`, env: { ...options.env, [PORT_VARIABLE[app]]: String(port) } });
  return { ...started, origin };
}
