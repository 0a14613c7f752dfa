import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlockedTargetError } from '@cs/webhook-delivery';
import { metadataDocumentFetch } from './metadata-document.fetch';

describe('metadataDocumentFetch (the Client ID Metadata Document fetch)', () => {
  let server: Server;
  let hits = 0;
  let port = 0;

  beforeAll(async () => {
    // A listener on loopback: had a refused fetch connected, it would count here.
    server = createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const fetchStrict = metadataDocumentFetch(false);

  it.each([
    ['a loopback name', () => `https://localhost:${port}/client.json`],
    ['a loopback address', () => `https://127.0.0.1:${port}/client.json`],
    ['an IPv6 loopback address', () => `https://[::1]:${port}/client.json`],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data'],
    ['a private address', () => 'https://10.0.0.1/client.json'],
  ])('refuses %s before connecting (the e2e stack allows loopback by CLIENT_METADATA_ALLOW_PRIVATE_TARGETS)', async (_what, url) => {
    await expect(fetchStrict(url(), {})).rejects.toBeInstanceOf(BlockedTargetError);
    expect(hits).toBe(0);
  });

  it.each(['https://169.254.169.254/latest/meta-data', 'https://[fe80::1]/client.json', 'https://[fd00:ec2::254]/client.json', 'https://168.63.129.16/client.json'])(
    'refuses %s with CLIENT_METADATA_ALLOW_PRIVATE_TARGETS too: the switch opens loopback and private ranges only',
    async (url) => {
      await expect(metadataDocumentFetch(true)(url, {})).rejects.toBeInstanceOf(BlockedTargetError);
    },
  );

  it('fetches over https only', async () => {
    await expect(metadataDocumentFetch(true)(`http://127.0.0.1:${port}/client.json`, {})).rejects.toThrow(/https only/);
    expect(hits).toBe(0);
  });
});
