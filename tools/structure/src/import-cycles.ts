import type { ImportGraph } from './import-graph.js';

/** The strongly connected components of more than one file (Tarjan's algorithm): each holds at least one cycle. */
function cyclicComponents(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    lowLink.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file) ?? 0, lowLink.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) components.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components;
}

/** A shortest import path from `start` back to itself within `members` (`[start, …, start]`). */
function shortestCycle(graph: ImportGraph, start: string, members: ReadonlySet<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head += 1) {
    const file = queue[head] ?? start;
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const between: string[] = [];
        for (let step: string | undefined = file; step !== undefined && step !== start; step = previous.get(step)) between.unshift(step);
        return [start, ...between, start];
      }
      if (!previous.has(target)) {
        previous.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start];
}

/**
 * One import cycle per group of files that import each other (directly or through others), each as a path
 * `[a, b, …, a]` from the group's first file in sort order; empty when the imports form no cycle.
 */
export function importCycles(graph: ImportGraph): string[][] {
  return cyclicComponents(graph).map((component) => shortestCycle(graph, component[0] ?? '', new Set(component)));
}
