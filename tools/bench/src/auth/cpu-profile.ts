/**
 * Reading a V8 CPU profile (`node --cpu-prof`) of the auth server: which code its CPU time went to while the
 * refresh load was measured. Each sample is charged to the nearest frame of its stack that belongs to a package
 * (node_modules/<name>, apps/<name>, libs/<name>): native work and Node internals count for the package that
 * called them — RSA signing for jose, socket writes for pg or koa — which is what one can act on.
 */

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  /** Microseconds, on the machine's monotonic clock (as process.hrtime). */
  startTime: number;
  endTime: number;
  samples: number[];
  /** Microseconds between samples; the first is relative to startTime. */
  timeDeltas: number[];
}

/** The package a script belongs to, or null for Node's own code, native code and anything else. */
export function packageOf(url: string): string | null {
  if (!url || url.startsWith('node:')) return null;
  const path = url.replace(/^file:\/\//, '');
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first, second] = path.slice(modules + '/node_modules/'.length).split('/');
    if (!first) return null;
    return first.startsWith('@') && second ? `${first}/${second}` : first;
  }
  const workspace = /\/(apps|libs|tools)\/([^/]+)\//.exec(path);
  if (workspace) return workspace[1] === 'libs' ? `@cs/${workspace[2]}` : `${workspace[1]}/${workspace[2]}`;
  return null;
}

/** Samples that belong to no package: V8's own categories, else Node's internals (event loop, streams, sockets). */
const V8_CATEGORIES = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);
export const NODE_INTERNALS = 'node internals (no package on the stack)';

export interface ProfileShare {
  name: string;
  /** Share of the busy (non-idle) samples in the windows. */
  share: number;
  samples: number;
}

/**
 * Busy samples taken inside the given windows ([start, end] in µs of the monotonic clock), by package, most
 * first. `(idle)` samples are left out: the shares are of the CPU time the process used.
 */
export function attribute(profile: CpuProfile, windows: readonly [number, number][]): { busySamples: number; shares: ProfileShare[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const owner = new Map<number, string>();
  const ownerOf = (leaf: number): string => {
    const known = owner.get(leaf);
    if (known !== undefined) return known;
    const leafFrame = byId.get(leaf)?.callFrame;
    let result: string | undefined;
    if (leafFrame && V8_CATEGORIES.has(leafFrame.functionName)) result = leafFrame.functionName;
    for (let id: number | undefined = leaf; result === undefined && id !== undefined; id = parent.get(id)) {
      const pkg = packageOf(byId.get(id)?.callFrame.url ?? '');
      if (pkg) result = pkg;
    }
    result ??= NODE_INTERNALS;
    owner.set(leaf, result);
    return result;
  };
  const counts = new Map<string, number>();
  let at = profile.startTime;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (!windows.some(([start, end]) => at >= start && at <= end)) return;
    const name = ownerOf(id);
    if (name === '(idle)') return;
    busy++;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  });
  const shares = [...counts.entries()]
    .map(([name, samples]) => ({ name, samples, share: busy > 0 ? samples / busy : 0 }))
    .sort((a, b) => b.samples - a.samples || a.name.localeCompare(b.name));
  return { busySamples: busy, shares };
}

/** The machine's monotonic clock in µs, the clock of profile timestamps. */
export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);
