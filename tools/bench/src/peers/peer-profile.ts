import { readFile } from 'node:fs/promises';

/** A function's share of a CPU profile. */
export interface HotFunction {
  /** `name (file:line)`. */
  readonly name: string;
  /** Self time, ms. */
  readonly selfMs: number;
  /** Share of the busy (non-idle) time, 0–100. */
  readonly percent: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly hitCount?: number;
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
}

/**
 * Where a function is, shortly: `pkg/…/file.js` for a dependency, `packages/core/dist/…` for the project's own
 * code, `node:…` for Node's; empty for native code (better-sqlite3's statements, V8 built-ins).
 */
function shortUrl(url: string): string {
  if (url === '') return '';
  const path = url.replace(/^file:\/\//, '');
  const inModules = path.lastIndexOf('/node_modules/');
  if (inModules >= 0) return path.slice(inModules + '/node_modules/'.length);
  const own = /\/((?:packages|apps|tools)\/.*)$/.exec(path);
  return own?.[1] ?? path.split('/').slice(-3).join('/');
}

/**
 * The `top` functions by self time of a `.cpuprofile` (the inspector's format: a node tree whose nodes count the
 * samples taken in them): samples are turned into time by the profile's duration ÷ sample count; nodes of one
 * function (same name, file and line) are summed; `(idle)` is left out of the shares.
 */
export async function hottestFunctions(file: string, top: number): Promise<{ busyMs: number; functions: HotFunction[] }> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const hits = new Map<number, number>();
  if (profile.samples && profile.samples.length > 0) {
    for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  } else {
    for (const node of profile.nodes) hits.set(node.id, node.hitCount ?? 0);
  }
  const totalSamples = [...hits.values()].reduce((sum, count) => sum + count, 0);
  const msPerSample = totalSamples === 0 ? 0 : (profile.endTime - profile.startTime) / 1000 / totalSamples;
  const byFunction = new Map<string, number>();
  let busySamples = 0;
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (count === 0 || node.callFrame.functionName === '(idle)') continue;
    busySamples += count;
    const where = shortUrl(node.callFrame.url);
    const name = node.callFrame.functionName || '(anonymous)';
    const key = where ? `${name} (${where}:${node.callFrame.lineNumber + 1})` : name.startsWith('(') ? name : `${name} [native]`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + count);
  }
  const functions = [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, count]) => ({ name, selfMs: count * msPerSample, percent: busySamples === 0 ? 0 : (count / busySamples) * 100 }));
  return { busyMs: busySamples * msPerSample, functions };
}
