import { ensureActiveSigningKey, RETIRED_KEY_PUBLISH_SECONDS, rotateSigningKey } from '@cs/oauth';
import type { CommandDefinition } from './command.definition';

/**
 * Rotates the token-signing key. Running auth replicas switch to the new key within 30 s; the old one stays
 * in the JWKS until every token it signed has expired.
 */
export const keysRotateCommand: CommandDefinition<Record<string, never>> = {
  verb: 'keys:rotate',
  usage: 'keys:rotate [--json]',
  options: {},
  parse: () => ({}),
  async run({ dataSource, config }) {
    await ensureActiveSigningKey(dataSource, config.SIGNING_KEY_SECRET);
    const { kid, retired } = await rotateSigningKey(dataSource, config.SIGNING_KEY_SECRET);
    return {
      json: { kid, retired, retired_keys_published_for_seconds: RETIRED_KEY_PUBLISH_SECONDS },
      human: `New signing key ${kid}; retired ${retired.join(', ') || 'none'} (still published for ${RETIRED_KEY_PUBLISH_SECONDS} s)`,
    };
  },
};
