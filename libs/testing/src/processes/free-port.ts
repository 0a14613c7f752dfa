import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports the kernel hands to outgoing connections (Linux: /proc/sys/net/ipv4/ip_local_port_range). A port the OS
 * picked for `listen(0)` comes from this range too, so once released it can become the local port of any process'
 * next connection (to Postgres, Redis, an app) before the test's app binds it: EADDRINUSE at random. Ports below
 * the range are never given out that way.
 */
function ephemeralRangeStart(): number | null {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low !== undefined && Number.isInteger(low) && low > 11_000 ? low : null;
  } catch {
    return null;
  }
}

function listenOn(port: number): Promise<number | null> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolvePort(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolvePort(bound));
    });
  });
}

/**
 * A TCP port nothing listens on right now, for an app started by a test: a random one in the 10,000 ports below the
 * ephemeral range (where no outgoing connection can take it meanwhile), or, where that range is unknown, one the OS
 * picks.
 */
export async function freePort(): Promise<number> {
  const rangeStart = ephemeralRangeStart();
  if (rangeStart !== null) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = await listenOn(rangeStart - 10_000 + Math.floor(Math.random() * 10_000));
      if (port !== null) return port;
    }
  }
  const port = await listenOn(0);
  if (port === null) throw new Error('no free TCP port');
  return port;
}
