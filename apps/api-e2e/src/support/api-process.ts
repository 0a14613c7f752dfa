import { freePorts, startTestApp, testAppEnv } from '@cs/testing';

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
  const [port] = (await freePorts(1)) as [number];
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = await startTestApp('api', { port, env: { ...testAppEnv(databaseUrl), PUBLIC_API_URL: baseUrl, CURSOR_SECRET: TEST_CURSOR_SECRET, ...env } });
  return { baseUrl, output: app.output, stop: app.stop };
}
