// The auth e2e suite (apps/auth-e2e) drives Debian's Chromium through
// playwright-core. Makes sure the browser is there: as root, installs the
// `chromium` package with apt-get; otherwise says in one line what to run.
// Exit code 0 when the browser is present afterwards, 1 otherwise.
//
//   node tools/stack/ensure-chromium.mjs
import fs from 'node:fs';
import { log, main, run, StackError, which } from './lib.mjs';

// Same default and override as apps/auth-e2e/src/support/browser.ts.
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const INSTRUCTION = `Chromium is missing at ${CHROMIUM} (the auth e2e tests drive it): install it with \`sudo apt-get install -y chromium\`, or set CHROMIUM_PATH.`;

const present = () => fs.existsSync(CHROMIUM);

async function apt(args) {
  log(`apt-get ${args.join(' ')}`);
  const { code, signal } = await run('apt-get', args, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  if (code !== 0) throw new StackError(`apt-get ${args[0]} failed (${signal ? `signal ${signal}` : `exit code ${code}`}). ${INSTRUCTION}`);
}

async function ensureChromium() {
  if (present()) return 0;
  const root = process.getuid?.() === 0;
  if (!root || process.env.CHROMIUM_PATH || !which('apt-get')) throw new StackError(INSTRUCTION);
  log(`Chromium is missing at ${CHROMIUM}: installing the chromium package`);
  await apt(['update']);
  await apt(['install', '-y', 'chromium']);
  if (!present()) throw new StackError(`apt-get installed chromium but ${CHROMIUM} is still missing. ${INSTRUCTION}`);
  log(`Chromium installed at ${CHROMIUM}`);
  return 0;
}

main(ensureChromium);
