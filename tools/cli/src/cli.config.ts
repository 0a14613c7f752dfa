import { commonEnv, parseEnv, signingSecret } from '@cs/config';
import { DEV_SIGNING_KEY_SECRET } from '@cs/oauth';
import { z } from 'zod';

/** The CLI's whole environment, parsed once per run; nothing else in tools/cli reads process.env. */
export const cliEnv = {
  DATABASE_URL: commonEnv.DATABASE_URL,
  PUBLIC_API_URL: commonEnv.PUBLIC_API_URL,
  PUBLIC_AUTH_URL: commonEnv.PUBLIC_AUTH_URL,
  PUBLIC_MCP_URL: commonEnv.PUBLIC_MCP_URL,
  /** Where seed:demo writes demo.json; defaults to `.data/demo.json` at the repo root. */
  DEMO_FILE: z.string().min(1).optional(),
  /** Encrypts token-signing keys at rest; must equal the auth app's (keys:rotate). */
  SIGNING_KEY_SECRET: signingSecret(DEV_SIGNING_KEY_SECRET),
};

export type CliConfig = ReturnType<typeof parseCliConfig>;

export function parseCliConfig(env: NodeJS.ProcessEnv) {
  return parseEnv(cliEnv, env);
}
