import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Parses the environment against an app's schema. On a bad value it throws one line naming the
 * variable, so a misconfigured pod fails at start with a readable reason.
 */
export function parseEnv<S extends z.ZodRawShape>(
  shape: S,
  env: NodeJS.ProcessEnv = process.env,
  productionRules: (config: z.infer<z.ZodObject<S>>) => string | null = () => null,
): z.infer<z.ZodObject<S>> {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = z.object(shape).safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const problem = productionRules(result.data);
  if (problem) throw new ConfigError(`Invalid configuration: ${problem}`);
  return result.data;
}
