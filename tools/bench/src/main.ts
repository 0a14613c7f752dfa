#!/usr/bin/env node
import { BENCHMARKS } from './benchmarks';
import { UsageError } from './kit/bench-args';
import { killStartedServers } from './kit/servers';

function listing(): string {
  return `benchmarks:\n${Object.entries(BENCHMARKS)
    .map(([name, b]) => `  ${name.padEnd(12)} ${b.summary}`)
    .join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const benchmark = name === undefined ? undefined : BENCHMARKS[name];
  if (!benchmark) {
    process.stderr.write(`${name === undefined || name === '--help' ? '' : `unknown benchmark "${name}"\n`}usage: npm run bench -- <name> [flags]\n${listing()}`);
    return name === '--help' ? 0 : 1;
  }
  if (args.includes('--help')) {
    process.stderr.write(`${benchmark.usage}\n`);
    return 0;
  }
  try {
    return await benchmark.run(args, (text) => process.stdout.write(`${text}\n`), (text) => process.stderr.write(`[bench] ${text}\n`));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(`[bench] ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    killStartedServers();
    process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const)[signal]);
  });
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // Pools and sockets of the load generator may linger; the figures are out, so end here.
  setImmediate(() => process.exit(code));
});
