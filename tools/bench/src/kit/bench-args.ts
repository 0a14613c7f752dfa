export class UsageError extends Error {}

/** An integer option, `--name N` or `--name=N`: its default at full size and under `--quick`, and its least value. */
export interface IntegerFlag {
  readonly flag: `--${string}`;
  readonly help: string;
  /** null: no default, the option is null unless given. */
  readonly full: number | null;
  readonly quick?: number;
  /** 1 unless said (a warm-up may be 0). */
  readonly min?: number;
}

/** A text option, `--name V` or `--name=V`, taken when `accepts` says so. */
export interface TextFlag<V extends string = string> {
  readonly flag: `--${string}`;
  readonly help: string;
  readonly text: true;
  /** null: no default, the option is null unless given. */
  readonly full: V | null;
  readonly accepts: (value: string) => value is V;
  /** What a refused value should have been, for the error: "train or val". */
  readonly expects: string;
  /** The value's name in the synopsis: `train|val`, `NAME`. */
  readonly placeholder: string;
}

/** A switch, `--name`: false unless given. */
export interface SwitchFlag {
  readonly flag: `--${string}`;
  readonly help: string;
  readonly switch: true;
}

export type Flag = IntegerFlag | TextFlag | SwitchFlag;

type ValueOf<F> = F extends SwitchFlag ? boolean : F extends TextFlag<infer V> ? (null extends F['full'] ? V | null : V) : F extends { full: number } ? number : number | null;

type Options<T> = { quick: boolean } & { -readonly [K in keyof T]: ValueOf<T[K]> };

export interface BenchCommand<T extends Readonly<Record<string, Flag>>> {
  /** The usage text: the synopsis, what the benchmark does if said, then a line a flag with its defaults. */
  readonly usage: string;
  parse(args: readonly string[]): Options<T>;
}

/** A benchmark's options as its flags declare them, with `quick`. */
export type OptionsOf<C extends { parse(args: readonly string[]): unknown }> = ReturnType<C['parse']>;

const fmt = (n: number) => n.toLocaleString('en-US');

function defaults(flag: Flag): string {
  if ('switch' in flag) return '';
  if ('text' in flag) return flag.full === null ? '' : ` (${flag.full})`;
  if (flag.full === null) return '';
  return flag.quick === undefined || flag.quick === flag.full ? ` (${fmt(flag.full)})` : ` (${fmt(flag.full)}; quick ${fmt(flag.quick)})`;
}

function synopsisOf(flag: Flag): string {
  if ('switch' in flag) return `[${flag.flag}]`;
  return `[${flag.flag} ${'text' in flag ? flag.placeholder : 'N'}]`;
}

/** Wraps the synopsis at 120 columns, the later lines under its first flag. */
function wrapSynopsis(head: string, parts: string[]): string {
  const lines = [head];
  for (const part of parts) {
    const last = lines.length - 1;
    if ((lines[last] as string).length + 1 + part.length > 120) lines.push(' '.repeat(head.length) + part);
    else lines[last] += ` ${part}`;
  }
  return lines.join('\n');
}

/**
 * A benchmark's command line, declared once: the usage text (with each default as the flags give it) and the
 * parser (`--quick` picks the quick defaults) both come from the same flags.
 */
export function benchCommand<const T extends Readonly<Record<string, Flag>>>(
  name: string,
  spec: { readonly quick?: string; readonly about?: string; readonly flags: T },
): BenchCommand<T> {
  const entries = Object.entries(spec.flags) as [string, Flag][];
  const labels: [string, string][] = [...(spec.quick ? [['--quick', spec.quick] as [string, string]] : []), ...entries.map(([, f]) => [f.flag, f.help + defaults(f)] as [string, string])];
  const width = Math.max(...labels.map(([label]) => label.length)) + 2;
  const usage = [
    wrapSynopsis(`usage: ${name}`, [...(spec.quick ? ['[--quick]'] : []), ...entries.map(([, f]) => synopsisOf(f))]),
    ...(spec.about ? [spec.about.replace(/^/gm, '  ')] : []),
    ...labels.map(([label, help]) => `  ${label.padEnd(width)}${help.replace(/\n/g, `\n${' '.repeat(width + 2)}`)}`),
  ].join('\n');

  const parse = (args: readonly string[]) => {
    const quick = spec.quick !== undefined && args.includes('--quick');
    const result: Record<string, unknown> = { quick };
    for (const [key, f] of entries) result[key] = 'switch' in f ? false : 'text' in f ? f.full : quick && f.quick !== undefined ? f.quick : f.full;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === '--quick' && spec.quick) continue;
      const [flagName, inline] = arg.split('=', 2) as [string, string | undefined];
      const entry = entries.find(([, f]) => f.flag === flagName);
      if (!entry) throw new UsageError(`unknown argument ${arg}\n${usage}`);
      const [key, f] = entry;
      if ('switch' in f) {
        if (inline !== undefined) throw new UsageError(`${f.flag} takes no value\n${usage}`);
        result[key] = true;
        continue;
      }
      const raw = inline ?? args[++i];
      if ('text' in f) {
        if (raw === undefined || !f.accepts(raw)) throw new UsageError(`${f.flag} needs ${f.expects}\n${usage}`);
        result[key] = raw;
        continue;
      }
      const value = Number(raw);
      const minimum = f.min ?? 1;
      if (raw === undefined || raw.trim() === '' || !Number.isInteger(value) || value < minimum) throw new UsageError(`${f.flag} needs an integer ≥ ${minimum}`);
      result[key] = value;
    }
    return result as Options<T>;
  };
  return { usage, parse };
}

/** The closed-loop benches' unmeasured load before each run. */
export const WARMUP_FLAG = { flag: '--warmup', full: 2, quick: 1, min: 0, help: 'seconds of unmeasured load before each run' } as const satisfies IntegerFlag;

/** The closed-loop benches' measured run. */
export const durationFlag = (full: number, quick: number, help = 'seconds measured per run') => ({ flag: '--duration', full, quick, help }) as const satisfies IntegerFlag;

/** The generated-dataset benches' way to start again from nothing. */
export const REGENERATE_FLAG = { flag: '--regenerate', switch: true, help: 'drop and generate the dataset even when a complete one is there' } as const satisfies SwitchFlag;
