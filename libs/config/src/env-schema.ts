import { z } from 'zod';

/**
 * Environment fragments shared by the apps. Each app composes the ones it needs into one schema
 * and parses it once at boot (parseEnv); nothing else reads process.env.
 */
export const nodeEnv = z.enum(['development', 'test', 'production']).default('development');

export const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

export const postgresUrl = z
  .string()
  .url()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL')
  .default('postgres://postgres@127.0.0.1:5432/conversations');

export const redisUrl = z
  .string()
  .url()
  .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL')
  .default('redis://127.0.0.1:6379');

export const httpUrl = (fallback: string) =>
  z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .transform((v) => v.replace(/\/+$/, ''))
    .default(fallback);

export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/** A signing secret: required in production, with a fixed, clearly-labelled value elsewhere. */
export const signingSecret = (developmentValue: string) => z.string().min(32).optional().default(developmentValue);

export const commonEnv = {
  NODE_ENV: nodeEnv,
  DATABASE_URL: postgresUrl,
  REDIS_URL: redisUrl,
  LOG_LEVEL: logLevel,
  PUBLIC_API_URL: httpUrl('http://localhost:3000'),
  PUBLIC_AUTH_URL: httpUrl('http://localhost:3001'),
  PUBLIC_MCP_URL: httpUrl('http://localhost:3002/mcp'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Longest single statement of the apps (Postgres statement_timeout): a blocked query fails instead of hanging. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /**
   * Longest wait of the apps' statements for a row or table lock (Postgres lock_timeout): a write queued behind a
   * migration or a stuck session fails fast (a 503 the client retries) instead of piling up pool connections.
   */
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * Longest an app's transaction may sit idle between statements (idle_in_transaction_session_timeout) before
   * Postgres ends its session: no transaction waits on the network (docs/architecture.md), so one idle this long
   * is a leak, and ending it frees its locks and the feed's writers behind them.
   */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
};

/** The session limits of an app's connections, as InfrastructureModule takes them. */
export const databaseSessionLimits = (config: {
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_LOCK_TIMEOUT_MS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
}) => ({
  databaseStatementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  databaseLockTimeoutMs: config.DATABASE_LOCK_TIMEOUT_MS,
  databaseIdleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
});

export const DEV_RECORDER_CALLBACK_SECRET = 'development-only-recorder-callback-secret-do-not-use';

/**
 * Meeting recorders the service can drive: `development` joins *.example.test meetings with scripted outcomes,
 * `recall` sends Recall.ai bots (docs/recall.md).
 */
export const RECORDER_PROVIDERS = ['development', 'recall'] as const;
export const recorderProvider = z.enum(RECORDER_PROVIDERS).default('development');

/** Recall.ai's regions; each has its own base URL, https://<region>.recall.ai (docs/recall.md). */
export const RECALL_REGIONS = ['us-east-1', 'us-west-2', 'eu-central-1', 'ap-northeast-1'] as const;

const flag = z.enum(['true', 'false']).default('false').transform((v) => v === 'true');

/**
 * Recall.ai's account settings. Only checked when RECORDER_PROVIDER=recall (recallEnvProblem): the api needs the
 * webhook secret (it verifies Recall's status webhooks), the processor the API key and the region or base URL.
 */
export const recallEnv = {
  RECALL_API_KEY: z.string().min(1).max(500).optional(),
  RECALL_REGION: z.enum(RECALL_REGIONS).optional(),
  /** Instead of RECALL_REGION: any base URL (a proxy, or a fake Recall server in tests). */
  RECALL_BASE_URL: httpUrl('').optional(),
  /** The workspace verification secret (whsec_…) Recall signs its webhooks with. */
  RECALL_WEBHOOK_SECRET: z.string().min(16).max(500).optional(),
  /**
   * Production refuses the development recorder (it records nothing real) unless this is `true`, e.g. for a
   * demo cluster.
   */
  ALLOW_DEVELOPMENT_RECORDER: flag,
};

type RecallConfig = { [K in keyof typeof recallEnv]?: z.infer<(typeof recallEnv)[K]> } & { RECORDER_PROVIDER: (typeof RECORDER_PROVIDERS)[number]; NODE_ENV: string };

/** Recall's base URL: RECALL_BASE_URL, else the region's. */
export function recallBaseUrl(config: Pick<RecallConfig, 'RECALL_BASE_URL' | 'RECALL_REGION'>): string {
  if (config.RECALL_BASE_URL) return config.RECALL_BASE_URL;
  if (config.RECALL_REGION) return `https://${config.RECALL_REGION}.recall.ai`;
  throw new Error('RECALL_REGION or RECALL_BASE_URL must be set');
}

/**
 * The one-line problem of a recorder configuration, or null: what RECORDER_PROVIDER=recall needs in this app
 * (`needs`), and production's refusal of the development recorder.
 */
export function recorderEnvProblem(config: RecallConfig, needs: { apiKey: boolean; webhookSecret: boolean }): string | null {
  if (config.RECORDER_PROVIDER === 'development') {
    return config.NODE_ENV === 'production' && !config.ALLOW_DEVELOPMENT_RECORDER
      ? 'RECORDER_PROVIDER: the development recorder records nothing real and is refused in production; set RECORDER_PROVIDER=recall, or ALLOW_DEVELOPMENT_RECORDER=true for a demo'
      : null;
  }
  if (needs.apiKey && !config.RECALL_API_KEY) return 'RECALL_API_KEY: required when RECORDER_PROVIDER=recall';
  if (needs.apiKey && !config.RECALL_REGION && !config.RECALL_BASE_URL) return 'RECALL_REGION: required when RECORDER_PROVIDER=recall (or set RECALL_BASE_URL)';
  if (needs.webhookSecret && !config.RECALL_WEBHOOK_SECRET) return 'RECALL_WEBHOOK_SECRET: required when RECORDER_PROVIDER=recall';
  return null;
}

/** The recorder callback signing secret, shared by the api (verifies) and the recorder (signs). */
export const recorderCallbackSecret = signingSecret(DEV_RECORDER_CALLBACK_SECRET);

export const DEV_WEBHOOK_SECRET_KEY = 'development-only-webhook-secret-key-do-not-use-in-prod';

/** Seals the webhook signing secrets at rest; the api, auth (developer settings) and the webhook worker share it. */
export const webhookSecretKey = signingSecret(DEV_WEBHOOK_SECRET_KEY);

/** Requests per minute and credential (API key or OAuth grant), shared by every replica through Redis. */
export const rateLimitEnv = {
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
};

/**
 * GET /export's own bounds (docs/api.md "Export"): starts and resumptions per minute and credential, counted apart
 * from the reads, and how many streams one replica runs at once (each holds a pool connection only while it reads a
 * batch, but its CPU and bandwidth are the replica's).
 */
export const exportEnv = {
  RATE_LIMIT_EXPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  EXPORT_MAX_CONCURRENT: z.coerce.number().int().min(1).max(99).default(2),
};

/**
 * The cost bound of full-text reads (GET /search, `q` on the list, the MCP search tool) in one replica
 * (docs/search.md "Limits"): each statement stops after SEARCH_STATEMENT_TIMEOUT_MS (a 503 that says so), and at most
 * SEARCH_MAX_CONCURRENT run at once, the next refused with 429 at once. Fewer than the pool's connections, so
 * searches never take all of them from the other routes (searchEnvProblem).
 */
export const searchEnv = {
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3_000),
  SEARCH_MAX_CONCURRENT: z.coerce.number().int().min(1).max(99).default(6),
};

/** The one-line problem of the search limits against the pool, or null. */
export function searchEnvProblem(config: { SEARCH_MAX_CONCURRENT: number; DATABASE_POOL_SIZE: number }): string | null {
  return config.SEARCH_MAX_CONCURRENT < config.DATABASE_POOL_SIZE ? null : 'SEARCH_MAX_CONCURRENT: must be less than DATABASE_POOL_SIZE, so searches leave connections to the other routes';
}

/** The search limits of an app's configuration, as SearchBudget takes them. */
export const searchLimits = (config: { SEARCH_STATEMENT_TIMEOUT_MS: number; SEARCH_MAX_CONCURRENT: number }) => ({
  statementTimeoutMs: config.SEARCH_STATEMENT_TIMEOUT_MS,
  maxConcurrent: config.SEARCH_MAX_CONCURRENT,
});

/** The search limits when nothing is set: what a benchmark's framework-free baseline runs with, like the api. */
export const DEFAULT_SEARCH_LIMITS = searchLimits(z.object(searchEnv).parse({}));

/** Requests one replica works on at once; beyond it, 429 at once rather than an ever longer queue (load shedding). */
export const inFlightLimitEnv = {
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(1).max(100_000).default(64),
};

/**
 * How long an HTTP app keeps serving after SIGTERM while answering /readyz with 503, so Kubernetes (or any load
 * balancer polling /readyz) takes it out of rotation before it stops accepting connections. Unset: 5 s in
 * production, none elsewhere (tests and `npm start` stop at once). Keep it, plus the longest request, well inside
 * the pod's terminationGracePeriodSeconds.
 */
export const shutdownEnv = {
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
};

export const PRODUCTION_SHUTDOWN_DRAIN_MS = 5_000;

/**
 * Where an HTTP app serves /metrics: a port of its own, which no Service exposes and so no Ingress reaches
 * (docs/operations.md "Metrics"). Unset: the app's own port plus METRICS_PORT_OFFSET (3100, 3101, 3102).
 */
export const metricsEnv = {
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
};

export const METRICS_PORT_OFFSET = 100;

/** METRICS_PORT as set, or the app's port plus METRICS_PORT_OFFSET. */
export function metricsPort(config: { METRICS_PORT?: number | undefined }, appPort: number): number {
  return config.METRICS_PORT ?? appPort + METRICS_PORT_OFFSET;
}

/** SHUTDOWN_DRAIN_MS as set, or its default for the environment. */
export function shutdownDrainMs(config: { NODE_ENV: 'development' | 'test' | 'production'; SHUTDOWN_DRAIN_MS?: number | undefined }): number {
  return config.SHUTDOWN_DRAIN_MS ?? (config.NODE_ENV === 'production' ? PRODUCTION_SHUTDOWN_DRAIN_MS : 0);
}

/**
 * The feed sequencer (FeedSequencer), run by the api: how often it looks for newly committed events when no
 * notification woke it. Notifications wake it at once; the poll bounds the feed's delay when one is lost.
 */
export const feedEnv = {
  FEED_SEQUENCER_POLL_MS: z.coerce.number().int().min(20).max(10_000).default(250),
};

/** An entry of an origin list: scheme, host and port only, as browsers send it in the Origin header (RFC 6454). */
const isSerializedOrigin = (value: string): boolean => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
};

/**
 * Web origins, besides the MCP server's own (the origin of PUBLIC_MCP_URL), whose pages may call /mcp; a request
 * with any other Origin header is refused with 403 (DNS-rebinding protection, MCP transports). Requests without an
 * Origin header come from no browser page and are not concerned. Empty by default: no browser page elsewhere may
 * drive the server with a user's token unless an operator names it.
 */
export const mcpOriginEnv = {
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean))
    .refine((origins) => origins.every(isSerializedOrigin), 'each entry must be an http(s) origin (scheme://host[:port], lowercase, no path), comma-separated'),
};

/** The origins allowed to call /mcp: the MCP server's own, then MCP_ALLOWED_ORIGINS. */
export function mcpAllowedOrigins(config: { PUBLIC_MCP_URL: string; MCP_ALLOWED_ORIGINS: readonly string[] }): ReadonlySet<string> {
  return new Set([new URL(config.PUBLIC_MCP_URL).origin, ...config.MCP_ALLOWED_ORIGINS]);
}
