export class UsageError extends Error {}

/**
 * Applies command-line flags to a benchmark's defaults: `--quick` (read by the caller to pick the defaults),
 * boolean switches, and integer options as `--name N` or `--name=N` (`--warmup` may be 0, the rest at least 1).
 */
export function applyBenchArgs<O extends object>(
  args: readonly string[],
  options: O,
  flags: { numeric: Record<string, keyof O>; switches: Record<string, keyof O> },
  usage: string,
): O {
  const result = { ...options } as Record<string, unknown>;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--quick') continue;
    const switched = flags.switches[arg];
    if (switched !== undefined) {
      result[switched as string] = true;
      continue;
    }
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    const field = flags.numeric[flag];
    if (field === undefined) throw new UsageError(`unknown argument ${arg}\n${usage}`);
    const raw = inline ?? args[++i];
    const value = Number(raw);
    const minimum = flag === '--warmup' ? 0 : 1;
    if (raw === undefined || !Number.isInteger(value) || value < minimum) throw new UsageError(`${flag} needs an integer ≥ ${minimum}`);
    result[field as string] = value;
  }
  return result as O;
}
