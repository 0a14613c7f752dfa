import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { benchAppEnv, resourceServerBenchEnv } from '../kit/resource-server-env';
import { appEntry, choosePinning, type Pinning, type RunningServer, startServer } from '../kit/servers';

/**
 * The api's V8 flags in production (NODE_OPTIONS in k8s/base/api.yaml). A young generation of 8 MB semi-spaces
 * instead of Node 24's default: V8 starts a full GC whenever the old generation's headroom falls below the young
 * generation's capacity, so with the default the api, holding 16 requests' transcripts at once, marked its whole
 * heap about every 100 requests (tools/bench/README.md).
 */
export const API_V8_OPTIONS = '--max-semi-space-size=8';
const BASELINE_ENTRY = join(__dirname, 'baseline-server.js');

export interface ApiAndBaseline {
  api: RunningServer;
  baseline: RunningServer;
  pinning: Pinning;
  /** The CURSOR_SECRET both servers sign cursors with. */
  cursorSecret: string;
}


/**
 * The built api and the framework-free baseline (baseline-server.ts) on free ports, each pinned to the same CPU when
 * the machine allows it, against one database, with the same cursor secret and V8 flags (anything already in
 * NODE_OPTIONS, e.g. --cpu-prof, is kept). Both are added to `servers` as they start, so the caller stops them.
 */
export async function startApiAndBaseline(databaseUrl: string, redisUrl: string, servers: RunningServer[], log: (text: string) => void): Promise<ApiAndBaseline> {
  const pinning = choosePinning();
  if (pinning.warning) log(`WARNING: ${pinning.warning}`);
  const cursorSecret = `bench-${randomBytes(24).toString('hex')}`;
  const nodeOptions = [process.env['NODE_OPTIONS'], API_V8_OPTIONS].filter(Boolean).join(' ');
  const api = await startServer({
    name: 'api',
    entry: appEntry('api'),
    portVariable: 'API_PORT',
    pinning,
    env: { ...benchAppEnv(databaseUrl, redisUrl), NODE_OPTIONS: nodeOptions, ...resourceServerBenchEnv(cursorSecret) },
  });
  servers.push(api);
  const baselineEnv = { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, CURSOR_SECRET: cursorSecret, NODE_OPTIONS: nodeOptions };
  const baseline = await startServer({ name: 'baseline', entry: BASELINE_ENTRY, portVariable: 'BASELINE_PORT', pinning, env: baselineEnv });
  servers.push(baseline);
  log(`api (pid ${api.pid}) and baseline (pid ${baseline.pid}) up${pinning.cpu === null ? ', unpinned' : `, pinned to CPU ${pinning.cpu}`}`);
  return { api, baseline, pinning, cursorSecret };
}
