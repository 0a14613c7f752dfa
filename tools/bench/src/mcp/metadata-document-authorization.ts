import { createHash, randomBytes } from 'node:crypto';
import { MetadataDocumentServer } from '@cs/testing';
import { writeResults } from '../kit/results-file';
import { authServerBenchEnv, benchAppEnv } from '../kit/resource-server-env';
import { appEntry, freePort, startServer } from '../kit/servers';
import { percentile, ratio } from '../kit/stats';

const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface MetadataDocumentBenchInput {
  databaseUrl: string;
  redisUrl: string;
  apiUrl: string;
  mcpUrl: string;
  /** The main run's auth SIGNING_KEY_SECRET: this auth process shares its database, and so its encrypted keys. */
  signingKeySecret: string;
  /** Measured authorizations of each kind. */
  iterations: number;
}

type Out = (text: string) => void;

interface Latencies {
  p50: number;
  p99: number;
  samples: number;
}

const latencies = (ms: number[]): Latencies => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), samples: sorted.length };
};

/**
 * What a Client ID Metadata Document costs the authorization endpoint (issue 17): an assistant's first
 * authorization request, which fetches its document over HTTPS (a kept-alive connection to a local host, so no
 * network latency: the cost measured is the exchange, JSON parsing and validation, and building the client), against
 * later ones answered from the cache the document's max-age allows. Each request is the whole authorization
 * request up to the redirect to the sign-in interaction; first and cached requests alternate, so a busy machine
 * weighs on both alike. A separate auth process (the document host's test CA trusted by NODE_EXTRA_CA_CERTS,
 * loopback fetches allowed by CLIENT_METADATA_ALLOW_PRIVATE_TARGETS) so the main run's auth keeps its production-like
 * settings.
 */
export async function benchMetadataDocumentAuthorization(input: MetadataDocumentBenchInput, out: Out, log: Out): Promise<void> {
  const startedAt = new Date();
  const documents = await MetadataDocumentServer.start();
  const port = await freePort();
  const authUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...benchAppEnv(input.databaseUrl, input.redisUrl),
    ...authServerBenchEnv(input.signingKeySecret),
    PUBLIC_AUTH_URL: authUrl,
    PUBLIC_API_URL: input.apiUrl,
    PUBLIC_MCP_URL: input.mcpUrl,
    NODE_EXTRA_CA_CERTS: documents.caFile,
    CLIENT_METADATA_ALLOW_PRIVATE_TARGETS: 'true',
  };
  const auth = await startServer({ name: 'auth (metadata documents)', entry: appEntry('auth'), port, portVariable: 'AUTH_PORT', env });
  try {
    const serveDocument = (path: string) =>
      documents.serveClient(path, { client_name: 'Bench Assistant', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' });
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = async (clientId: string): Promise<number> => {
      const url = new URL('/api/auth/oauth2/authorize', authUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        scope: 'conversations:read',
        resource: input.mcpUrl,
        state: 'bench',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
      const started = performance.now();
      const response = await fetch(url, { redirect: 'manual' });
      const elapsed = performance.now() - started;
      await response.arrayBuffer();
      const location = response.headers.get('location') ?? '';
      if (response.status !== 303 || !location.startsWith('/interaction/')) throw new Error(`authorization of ${clientId}: HTTP ${response.status} to ${location}`);
      return elapsed;
    };

    const cachedClient = serveDocument('/bench/cached.json');
    for (let i = 0; i < 50; i++) await authorize(i % 2 === 0 ? cachedClient : serveDocument(`/bench/warmup-${i}.json`));
    const first: number[] = [];
    const cached: number[] = [];
    for (let i = 0; i < input.iterations; i++) {
      first.push(await authorize(serveDocument(`/bench/first-${i}.json`)));
      cached.push(await authorize(cachedClient));
    }
    const fetchedOnce = Array.from({ length: input.iterations }, (_, i) => documents.fetchCount(`/bench/first-${i}.json`)).every((n) => n === 1);
    if (!fetchedOnce || documents.fetchCount('/bench/cached.json') !== 1) throw new Error('the documents were not fetched exactly once each: the comparison means nothing');

    const firstFigures = latencies(first);
    const cachedFigures = latencies(cached);
    const p50Ratio = ratio(firstFigures.p50, cachedFigures.p50);
    const p99Ratio = ratio(firstFigures.p99, cachedFigures.p99);
    out(`metadata-document client, authorization request to the sign-in redirect (${input.iterations} of each, alternating):`);
    out(`  first (fetch + validation)  p50 ${firstFigures.p50.toFixed(2)} ms  p99 ${firstFigures.p99.toFixed(2)} ms`);
    out(`  later (cached document)     p50 ${cachedFigures.p50.toFixed(2)} ms  p99 ${cachedFigures.p99.toFixed(2)} ms`);
    out(`  first/cached                p50 ${p50Ratio.toFixed(2)}×  p99 ${p99Ratio.toFixed(2)}×`);
    const file = writeResults('mcp-metadata-document', startedAt, {
      benchmark: 'mcp (metadata-document authorization)',
      started_at: startedAt.toISOString(),
      iterations: input.iterations,
      first: firstFigures,
      cached: cachedFigures,
      ratio: { p50: p50Ratio, p99: p99Ratio },
    });
    log(`metadata-document figures written to ${file}`);
  } finally {
    await auth.stop();
    await documents.close();
  }
}
