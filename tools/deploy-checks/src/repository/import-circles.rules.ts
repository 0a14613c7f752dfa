import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import ts from 'typescript';

/**
 * docs/architecture.md "Module boundaries": no module imports itself back through others. Nx's boundary rule sees
 * circles between projects only; this one sees them between the files of a project, type-only imports included
 * (a circle of types still ties the files together, and ESLint's import/no-cycle lets those through).
 */

/** The files a TypeScript file imports by relative path: imports, `import type`, re-exports and dynamic imports. */
export function relativeImports(path: string, text: string, exists: (path: string) => boolean): string[] {
  const imported = ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName);
  const found: string[] = [];
  for (const specifier of imported) {
    if (!specifier.startsWith('.')) continue;
    const base = posix.normalize(posix.join(posix.dirname(path), specifier));
    const target = [`${base}.ts`, `${base}/index.ts`, base].find(exists);
    if (target) found.push(target);
  }
  return found;
}

/** Each circle as the files around it, the first repeated at the end; one per set of files tied together. */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = [];
  for (const component of stronglyConnected(graph)) {
    const members = new Set(component);
    const first = [...component].sort()[0]!;
    if (component.length === 1 && !(graph.get(first) ?? []).includes(first)) continue;
    circles.push(circleThrough(first, members, graph));
  }
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The import circles among the TypeScript sources git tracks under apps/, libs/ and tools/. */
export function importCirclesOfRepository(root: string): string[][] {
  const tracked = execFileSync('git', ['ls-files', '-z', '--', 'apps', 'libs', 'tools'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts') && existsSync(posix.join(root, path)));
  const files = new Set(tracked);
  const graph = new Map(tracked.map((path) => [path, relativeImports(path, readFileSync(posix.join(root, path), 'utf8'), (p) => files.has(p))]));
  return importCircles(graph);
}

/** Tarjan's strongly connected components, iteratively (a deep import chain must not exhaust the stack). */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** A shortest way from `start` back to itself inside the component (breadth first). */
function circleThrough(start: string, members: ReadonlySet<string>, graph: ReadonlyMap<string, readonly string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
