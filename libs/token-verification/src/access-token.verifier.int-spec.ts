import { type KeyObject, randomBytes, randomUUID, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainError } from '@cs/domain';
import { createTestDatabase, domainErrorText, type TestDatabase } from '@cs/testing';
import { Redis } from 'ioredis';
import { exportJWK, exportSPKI, generateKeyPair, type JWK, type KeyLike, SignJWT } from 'jose';
import { AccessTokenVerifier, type AccessTokenVerifierOptions, OAUTH_CLIENT_TYPE } from './access-token.verifier';
import { ApiKeyResolver } from './api-key.resolver';
import { PrincipalResolver } from './principal-resolver';
import { publishRevocation } from './publish-revocation';
import { RevocationList } from './revocation-list';

const ISSUER = 'http://localhost:3001';
const REST = 'http://localhost:3000/api/v1';
const MCP = 'http://localhost:3002/mcp';
const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

interface SigningKey {
  kid: string;
  privateKey: KeyLike;
  publicKey: KeyLike;
  jwk: JWK;
}

async function signingKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `k-${randomBytes(4).toString('hex')}`;
  return { kid, privateKey, publicKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

/** A real JWKS endpoint on a free port that counts how often it is fetched; `keys` may be changed to rotate. */
interface JwksServer {
  url: string;
  keys: JWK[];
  fetches: number;
  close(): Promise<void>;
}

async function serveJwks(keys: JWK[]): Promise<JwksServer> {
  const state = { keys, fetches: 0 };
  const server: Server = createServer((_req, res) => {
    state.fetches += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: state.keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/api/auth/oauth2/jwks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const now = () => Math.floor(Date.now() / 1000);

function claims(over: Record<string, unknown> = {}): Record<string, unknown> {
  const userId = `usr_${randomBytes(6).toString('hex')}`;
  return {
    iss: ISSUER,
    aud: REST,
    sub: userId,
    user_id: userId,
    client_id: `ext_${randomBytes(6).toString('hex')}`,
    workspace_id: 'ws_test',
    tenant_id: 'tenant_test',
    client_type: OAUTH_CLIENT_TYPE,
    grant_id: `grant_${randomBytes(6).toString('hex')}`,
    scope: 'openid offline_access conversations:read email',
    jti: randomUUID(),
    iat: now(),
    exp: now() + 3600,
    ...over,
  };
}

function mint(key: SigningKey, payload: Record<string, unknown> = claims(), header: Record<string, unknown> = {}): Promise<string> {
  const present = Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined));
  return new SignJWT(present).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid, ...header }).sign(key.privateKey);
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');


const INVALID = 'invalid_token: The access token is invalid.';

describe('OAuth access tokens are verified locally (docs/api.md "OAuth"; RFC 9068)', () => {
  let db: TestDatabase;
  let revocations: RevocationList;
  let publisher: Redis;
  let key: SigningKey;
  let jwks: JwksServer;
  let verifier: AccessTokenVerifier;
  const channel = `cs:oauth:revocations:test:${process.pid}:${randomBytes(4).toString('hex')}`;
  const closers: (() => Promise<void>)[] = [];

  const newVerifier = (over: Partial<AccessTokenVerifierOptions> = {}) =>
    new AccessTokenVerifier({ issuer: ISSUER, audience: REST, jwksUrl: jwks.url, revocations, ...over });

  async function ownJwks(keys: JWK[]): Promise<JwksServer> {
    const server = await serveJwks(keys);
    closers.push(server.close);
    return server;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    revocations = new RevocationList({ db: db.dataSource, redisUrl: REDIS_URL, channel });
    await revocations.start();
    publisher = new Redis(REDIS_URL);
    key = await signingKey();
    jwks = await serveJwks([key.jwk]);
    verifier = newVerifier();
  });

  afterAll(async () => {
    await Promise.all(closers.map((close) => close()));
    await jwks.close();
    await revocations.stop();
    publisher.disconnect();
    await db.drop();
  });

  it('turns a valid token into an OAuth principal with the known scopes only', async () => {
    const payload = claims({ scope: 'openid offline_access conversations:read email calendar:write' });
    const principal = await verifier.verify(await mint(key, payload));
    expect(principal).toEqual({
      via: 'oauth',
      userId: payload['user_id'],
      workspaceId: 'ws_test',
      tenantId: 'tenant_test',
      role: null,
      scopes: new Set(['conversations:read', 'email']),
      credentialId: payload['grant_id'],
    });
  });

  it('hands every bearer token that is not an API key to the access-token verifier', async () => {
    const resolver = new PrincipalResolver(new ApiKeyResolver(db.dataSource), verifier);
    await expect(resolver.resolve(await mint(key))).resolves.toMatchObject({ via: 'oauth' });
    expect(await domainErrorText(resolver.resolve(`sk_${'A'.repeat(43)}`))).toBe('invalid_token: The API key is unknown or revoked.');
  });

  it('accepts the media-type spelling of the typ header (RFC 9068 §2.1)', async () => {
    expect(await domainErrorText(verifier.verify(await mint(key, claims(), { typ: 'application/at+jwt' })))).toBe('accepted');
  });

  it('refuses an expired token', async () => {
    const token = await mint(key, claims({ iat: now() - 3700, exp: now() - 100 }));
    expect(await domainErrorText(verifier.verify(token))).toBe('invalid_token: The access token has expired.');
  });

  it('refuses a token older than an hour even when its exp says otherwise', async () => {
    const token = await mint(key, claims({ iat: now() - 3700, exp: now() + 3600 }));
    expect(await domainErrorText(verifier.verify(token))).toBe('invalid_token: The access token has expired.');
  });

  it('refuses a token that is not yet valid', async () => {
    expect(await domainErrorText(verifier.verify(await mint(key, claims({ nbf: now() + 300 }))))).toBe(INVALID);
    expect(await domainErrorText(verifier.verify(await mint(key, claims({ iat: now() + 300, exp: now() + 3900 }))))).toBe(INVALID);
  });

  it('tolerates a few seconds of clock skew', async () => {
    expect(await domainErrorText(verifier.verify(await mint(key, claims({ iat: now() + 3, nbf: now() + 3 }))))).toBe('accepted');
  });

  it('refuses a token from another issuer', async () => {
    expect(await domainErrorText(verifier.verify(await mint(key, claims({ iss: 'http://evil.example' }))))).toBe(INVALID);
    expect(await domainErrorText(verifier.verify(await mint(key, claims({ iss: `${ISSUER}/` }))))).toBe(INVALID);
  });

  it('refuses a token issued for the MCP server (a token for one resource is refused by the other)', async () => {
    const token = await mint(key, claims({ aud: MCP }));
    expect(await domainErrorText(verifier.verify(token))).toBe('invalid_token: The access token was issued for another resource.');
    expect(await domainErrorText(newVerifier({ audience: MCP }).verify(token))).toBe('accepted');
    expect(await domainErrorText(verifier.verify(await mint(key, claims({ aud: [REST, MCP] }))))).toBe(
      'invalid_token: The access token was issued for another resource.',
    );
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const token = `${b64url({ alg: 'none', typ: 'at+jwt', kid: key.kid })}.${b64url(claims())}.`;
    expect(await domainErrorText(verifier.verify(token))).toBe(INVALID);
  });

  it('refuses an HS256 token whose HMAC key is the public key (algorithm confusion)', async () => {
    const pem = await exportSPKI(key.publicKey);
    for (const secret of [pem, JSON.stringify(key.jwk)]) {
      const token = await new SignJWT(claims())
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: key.kid })
        .sign(new TextEncoder().encode(secret));
      expect(await domainErrorText(verifier.verify(token))).toBe(INVALID);
    }
  });

  it('refuses a token signed by another key under a published kid', async () => {
    const impostor = { ...(await signingKey()), kid: key.kid };
    expect(await domainErrorText(verifier.verify(await mint(impostor)))).toBe(INVALID);
  });

  it('refuses a correctly signed token whose header changes how it is read (crit, b64, an embedded key, no kid)', async () => {
    const signRaw = (header: Record<string, unknown>, payload: Record<string, unknown>) => {
      const input = `${b64url(header)}.${b64url(payload)}`;
      return `${input}.${sign('RSA-SHA256', Buffer.from(input), key.privateKey as KeyObject).toString('base64url')}`;
    };
    const base = { alg: 'RS256', typ: 'at+jwt', kid: key.kid };
    expect(await domainErrorText(verifier.verify(signRaw(base, claims())))).toBe('accepted');
    for (const header of [{ ...base, crit: ['exp'] }, { ...base, b64: false, crit: ['b64'] }, { ...base, jwk: key.jwk }, { alg: 'RS256', typ: 'at+jwt' }]) {
      expect(await domainErrorText(verifier.verify(signRaw(header, claims())))).toBe(INVALID);
    }
  });

  it('refuses a JWT that is not typed as an access token', async () => {
    expect(await domainErrorText(verifier.verify(await mint(key, claims(), { typ: 'JWT' })))).toBe(INVALID);
    expect(await domainErrorText(verifier.verify(await mint(key, claims(), { typ: undefined })))).toBe(INVALID);
  });

  it('refuses a token missing a claim it is bound by', async () => {
    for (const name of ['workspace_id', 'tenant_id', 'user_id', 'client_id', 'grant_id', 'scope', 'jti', 'exp', 'client_type']) {
      expect([name, await domainErrorText(verifier.verify(await mint(key, claims({ [name]: undefined }))))]).toEqual([name, INVALID]);
    }
    expect(await domainErrorText(verifier.verify(await mint(key, claims({ workspace_id: '' }))))).toBe(INVALID);
    expect(await domainErrorText(verifier.verify(await mint(key, claims({ workspace_id: 42 }))))).toBe(INVALID);
  });

  it('refuses a token whose sub is not its user_id, or of another client type', async () => {
    expect(await domainErrorText(verifier.verify(await mint(key, claims({ sub: 'usr_someone_else' }))))).toBe(INVALID);
    expect(await domainErrorText(verifier.verify(await mint(key, claims({ client_type: 'conversations-internal' }))))).toBe(INVALID);
  });

  it('refuses a garbled token', async () => {
    expect(await domainErrorText(verifier.verify('eyJhbGciOi.x.y'))).toBe(INVALID);
    expect(await domainErrorText(verifier.verify((await mint(key)).slice(0, -4)))).toBe(INVALID);
  });

  it('refuses the token of a revoked grant or a deleted client from the next call on', async () => {
    const grantToken = claims();
    const clientToken = claims();
    const token = await mint(key, grantToken);
    const other = await mint(key, clientToken);
    expect(await domainErrorText(verifier.verify(token))).toBe('accepted');

    await publishRevocation(db.dataSource, publisher, { kind: 'grant', id: String(grantToken['grant_id']) }, { channel });
    await publishRevocation(db.dataSource, publisher, { kind: 'client', id: String(clientToken['client_id']) }, { channel });
    await until(() => revocations.isRevoked({ grantId: String(clientToken['grant_id']), clientId: String(clientToken['client_id']) }));

    expect(await domainErrorText(verifier.verify(token))).toBe('invalid_token: The access token has been revoked.');
    expect(await domainErrorText(verifier.verify(other))).toBe('invalid_token: The access token has been revoked.');
    expect(await domainErrorText(verifier.verify(await mint(key)))).toBe('accepted');
  });

  it('fetches the JWKS once for 200 verifications (no network call per request)', async () => {
    const server = await ownJwks([key.jwk]);
    const fresh = newVerifier({ jwksUrl: server.url });
    const tokens = await Promise.all(Array.from({ length: 200 }, () => mint(key)));
    await Promise.all(tokens.slice(0, 100).map((t) => fresh.verify(t)));
    for (const t of tokens.slice(100)) await fresh.verify(t);
    expect(server.fetches).toBe(1);
  });

  it('fetches the JWKS again for an unknown kid, once, and accepts the rotated key', async () => {
    const server = await ownJwks([key.jwk]);
    const rotating = newVerifier({ jwksUrl: server.url, jwksCooldownMs: 500 });
    const next = await signingKey();
    const [old, rotated, rotatedAgain, forged] = await Promise.all([mint(key), mint(next), mint(next), mint(await signingKey())]);
    await rotating.verify(old);
    expect(server.fetches).toBe(1);

    server.keys = [key.jwk, next.jwk];
    await sleep(600);
    expect(await domainErrorText(rotating.verify(rotated))).toBe('accepted');
    expect(server.fetches).toBe(2);
    await rotating.verify(rotatedAgain);
    await rotating.verify(old);
    expect(server.fetches).toBe(2);

    // Within the cooldown an unknown kid is refused without another fetch: forged kids cannot flood the server.
    expect(await domainErrorText(rotating.verify(forged))).toBe(INVALID);
    expect(server.fetches).toBe(2);
  });

  it('stops trusting a key withdrawn from the JWKS after the background refresh', async () => {
    const server = await ownJwks([key.jwk]);
    const refreshing = newVerifier({ jwksUrl: server.url, jwksRefreshIntervalMs: 100, jwksCooldownMs: 60_000 });
    await refreshing.verify(await mint(key));
    const next = await signingKey();
    server.keys = [next.jwk];
    await sleep(150);
    // This request triggers the refresh but does not wait for it.
    expect(await domainErrorText(refreshing.verify(await mint(key)))).toBe('accepted');
    await until(() => server.fetches === 2);
    await sleep(20);
    expect(await domainErrorText(refreshing.verify(await mint(key)))).toBe(INVALID);
    expect(await domainErrorText(refreshing.verify(await mint(next)))).toBe('accepted');
  });

  it('keeps verifying with the known keys while the authorization server is down', async () => {
    const server = await ownJwks([key.jwk]);
    const cached = newVerifier({ jwksUrl: server.url, jwksRefreshIntervalMs: 50 });
    await cached.verify(await mint(key));
    await server.close();
    await sleep(80);
    for (let i = 0; i < 5; i++) expect(await domainErrorText(cached.verify(await mint(key)))).toBe('accepted');
  });

  it('answers 503 service_unavailable when the JWKS cannot be fetched at first use, so clients retry', async () => {
    const server = await serveJwks([key.jwk]);
    const url = server.url;
    await server.close();
    const down = newVerifier({ jwksUrl: url });
    const error = await down.verify(await mint(key)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('service_unavailable');
    expect((error as DomainError).status).toBe(503);
  });

  it('answers 503 when the JWKS endpoint answers with an error or no key set', async () => {
    const broken = createServer((req, res) => {
      if (req.url === '/500') res.writeHead(500).end('oops');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"not":"a jwks"}');
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => broken.close(() => resolve())));
    const { port } = broken.address() as AddressInfo;
    for (const path of ['/500', '/garbage']) {
      const v = newVerifier({ jwksUrl: `http://127.0.0.1:${port}${path}` });
      expect(await domainErrorText(v.verify(await mint(key)))).toMatch(/^service_unavailable: /);
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 1000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(1);
  }
}
