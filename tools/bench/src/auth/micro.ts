import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { promisify } from 'node:util';
import { AccessTokenVerifier, RevocationList, type SqlRunner } from '@cs/token-verification';
import type { Pool } from 'pg';

/** One timed loop: wall and CPU time (of this process) per iteration, in microseconds. */
export interface MicroRound {
  iterations: number;
  wallUsPerOp: number;
  cpuUsPerOp: number;
}

export interface MicroResult {
  rounds: MicroRound[];
  /** The fastest round (noise only slows a loop down). */
  best: MicroRound;
}

async function timed(iterations: number, op: () => Promise<unknown> | unknown): Promise<MicroRound> {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await op();
  const wallNs = Number(process.hrtime.bigint() - start);
  const used = process.cpuUsage(cpu);
  return { iterations, wallUsPerOp: wallNs / 1000 / iterations, cpuUsPerOp: (used.user + used.system) / iterations };
}

const best = (rounds: MicroRound[]): MicroRound => rounds.reduce((a, b) => (b.wallUsPerOp < a.wallUsPerOp ? b : a));

/**
 * `AccessTokenVerifier.verify()` as the api runs it — RS256 against the auth server's JWKS (fetched once by the
 * warm-up, then cached), issuer, audience, `typ`, required claims, and the in-memory revocation check of a real
 * RevocationList (Postgres rows + Redis subscription) — called back to back on one valid access token.
 */
export async function verifierMicro(options: {
  token: string;
  issuer: string;
  audience: string;
  jwksUrl: string;
  pool: Pool;
  redisUrl: string;
  iterations: number;
  rounds: number;
}): Promise<MicroResult & { principal: { userId: string; workspaceId: string; scopes: string[] } }> {
  const db: SqlRunner = { query: async <T>(sql: string, parameters?: unknown[]) => (await options.pool.query(sql, parameters)).rows as T[] };
  const revocations = new RevocationList({ db, redisUrl: options.redisUrl });
  await revocations.start();
  try {
    const verifier = new AccessTokenVerifier({ issuer: options.issuer, audience: options.audience, jwksUrl: options.jwksUrl, revocations });
    const principal = await verifier.verify(options.token);
    await timed(Math.min(2_000, options.iterations), () => verifier.verify(options.token));
    const rounds: MicroRound[] = [];
    for (let r = 0; r < options.rounds; r++) rounds.push(await timed(options.iterations, () => verifier.verify(options.token)));
    return { rounds, best: best(rounds), principal: { userId: principal.userId, workspaceId: principal.workspaceId, scopes: [...principal.scopes].sort() } };
  } finally {
    await revocations.stop();
  }
}

/**
 * RS256 with a 2048-bit key (what libs/oauth generates) by node:crypto, on a JWT-sized input: one signature —
 * what jose, and so oidc-provider, does for every access token and ID token it issues, the part of a refresh
 * grant no framework change removes — and one verification, the floor under AccessTokenVerifier.verify().
 */
export async function rs256Micro(signIterations: number, rounds: number): Promise<{ sign: MicroResult; verify: MicroResult; verifyAsync: MicroResult }> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const input = Buffer.from(`${'e'.repeat(100)}.${'p'.repeat(560)}`);
  const signature = sign('sha256', input, privateKey);
  for (let i = 0; i < Math.min(50, signIterations); i++) sign('sha256', input, privateKey);
  // jose 5 verifies (and signs) with the callback form of node:crypto, which runs on the libuv threadpool.
  const verifyAsync = promisify(verify);
  const signRounds: MicroRound[] = [];
  const verifyRounds: MicroRound[] = [];
  const verifyAsyncRounds: MicroRound[] = [];
  for (let r = 0; r < rounds; r++) {
    signRounds.push(await timed(signIterations, () => sign('sha256', input, privateKey)));
    verifyRounds.push(
      await timed(signIterations * 10, () => {
        if (!verify('sha256', input, publicKey, signature)) throw new Error('RS256 verification failed');
      }),
    );
    verifyAsyncRounds.push(
      await timed(signIterations * 10, async () => {
        if (!(await verifyAsync('sha256', input, publicKey, signature))) throw new Error('RS256 verification failed');
      }),
    );
  }
  return {
    sign: { rounds: signRounds, best: best(signRounds) },
    verify: { rounds: verifyRounds, best: best(verifyRounds) },
    verifyAsync: { rounds: verifyAsyncRounds, best: best(verifyAsyncRounds) },
  };
}
