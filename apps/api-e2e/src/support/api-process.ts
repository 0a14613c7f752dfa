import { type AppProcess, freePort, startAppProcess } from '@cs/testing';

/** A fixed secret so a run is reproducible; the api only requires 32 characters or more. */
export const TEST_CURSOR_SECRET = 'e2e-cursor-secret-0123456789abcdefghijklmnopqrstuvwxyz';

export interface ApiProcess {
  baseUrl: string;
  /** What the process wrote so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the built api (`node <apps/api main>`, see startAppProcess) on a free port against the given database,
 * and resolves once GET /healthz answers 200.
 */
export async function startApi(databaseUrl: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app: AppProcess = await startAppProcess({
    app: 'api',
    healthUrl: `${baseUrl}/healthz`,
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      API_PORT: String(port),
      PUBLIC_API_URL: baseUrl,
      CURSOR_SECRET: TEST_CURSOR_SECRET,
      LOG_LEVEL: process.env['E2E_API_LOG_LEVEL'] ?? 'warn',
      ...env,
    },
  });
  return { baseUrl, output: app.output, stop: app.stop };
}
