import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { keyHolder, sleep, useTestStack } from '@cs/testing';
import { type ApiProcess, startApi } from './support/api-process';

const DRAIN_MS = 1_500;

interface Outcome {
  at: number;
  status: number | null;
  connection: string | undefined;
  keepAlive?: string | undefined;
  error?: string;
}

function get(url: string, agent: Agent, headers: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ at: Date.now(), status: res.statusCode ?? null, connection: res.headers.connection, keepAlive: res.headers['keep-alive'] as string | undefined }));
      res.on('error', (error) => resolve({ at: Date.now(), status: null, connection: undefined, error: error.message }));
    });
    req.on('error', (error) => resolve({ at: Date.now(), status: null, connection: undefined, error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}` }));
    req.end();
  });
}

/** True while something accepts TCP connections on the port. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('graceful shutdown of the api (SIGTERM as Kubernetes sends it)', () => {
  const stack = useTestStack();
  let api: ApiProcess;
  let key: string;

  beforeAll(async () => {
    key = (await keyHolder(stack.fixtures)).key;
    // info: the shutdown's own log lines are part of what is checked. The stream is far above the per-key quota,
    // which is not under test here.
    api = await startApi(stack.db.url, { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), LOG_LEVEL: 'info', RATE_LIMIT_READS_PER_MINUTE: '1000000' });
    stack.onStop(() => api.stop());
  }, 120_000);

  it('answers /readyz 503 at once, serves keep-alive clients until they move away, then closes the port: no request fails', async () => {
    const port = Number(new URL(api.baseUrl).port);
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes: Outcome[] = [];
    let readyz503At: number | undefined;
    let portClosedAt: number | undefined;
    let sigtermAt = Number.POSITIVE_INFINITY;
    let stopSendingAt = Number.POSITIVE_INFINITY;

    // A steady stream through keep-alive connections, as a load balancer in front of the pod sends it. Like a
    // Kubernetes Service, the clients stop routing here some time after /readyz turned 503 (well inside the drain).
    const clients = Array.from({ length: 4 }, async () => {
      while (Date.now() < stopSendingAt) {
        outcomes.push(await get(`${api.baseUrl}/api/v1/conversations?limit=5`, agent, { authorization: `Bearer ${key}` }));
      }
    });
    const probe = (async () => {
      while (portClosedAt === undefined) {
        if (readyz503At === undefined) {
          const ready = await get(`${api.baseUrl}/readyz`, new Agent());
          if (ready.status === 503) {
            readyz503At = ready.at;
            stopSendingAt = Date.now() + 500;
          }
        }
        if (!(await accepting(port))) portClosedAt = Date.now();
        await sleep(25);
      }
    })();

    await sleep(1_000);
    sigtermAt = Date.now();
    const stopped = api.stop();
    await Promise.all([...clients, probe, stopped]);
    agent.destroy();

    const failures = outcomes.filter((o) => o.status !== 200);
    expect(failures).toEqual([]);
    expect(readyz503At).toBeDefined();
    expect(portClosedAt).toBeDefined();
    expect(readyz503At!).toBeLessThan(portClosedAt!);
    // Requests kept being served after the readiness probe turned, each telling its connection to close.
    const whileDraining = outcomes.filter((o) => o.at > readyz503At!);
    expect(whileDraining.length).toBeGreaterThan(0);
    expect(whileDraining.every((o) => o.connection === 'close')).toBe(true);
    const beforeSigterm = outcomes.filter((o) => o.at < sigtermAt);
    expect(beforeSigterm.every((o) => o.connection === 'keep-alive')).toBe(true);
    // Idle connections outlive a pooling proxy's own idle timeout (60 s for ingress-nginx), so the proxy closes them.
    expect(beforeSigterm[0]?.keepAlive).toBe('timeout=65');
    expect(api.output()).toMatch(/SIGTERM: \/readyz answers 503/);
    // The last line, logged just before the process ends: written out, not left in pino's buffer.
    expect(api.output()).toMatch(/SIGTERM: stopped/);
  });
});

describe('graceful shutdown of the api loses nothing it buffers', () => {
  const stack = useTestStack();

  it('writes the last-used time of a key used just before SIGTERM, even while that write still waits on a lock', async () => {
    const { key, keyId } = await keyHolder(stack.fixtures);
    const api = await startApi(stack.db.url, { SHUTDOWN_DRAIN_MS: '0' });
    stack.onStop(() => api.stop());
    // Holds the key's row, so the api's last-used write (off the request's path) is still waiting when SIGTERM comes.
    const holder = stack.db.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(`SELECT id FROM api_keys WHERE id = $1 FOR UPDATE`, [keyId]);
    const answered = await fetch(`${api.baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(answered.status).toBe(200);
    const stopped = api.stop();
    await sleep(300);
    await holder.commitTransaction();
    await holder.release();
    await stopped;
    const [row] = (await stack.db.dataSource.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [keyId])) as Array<{ last_used_at: Date | null }>;
    expect(row?.last_used_at).not.toBeNull();
  });
});
