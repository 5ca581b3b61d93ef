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

/** Native functions of better-sqlite3's statements and database (no script location in a profile). */
const SQLITE_NATIVE = new Set(['all', 'run', 'get', 'iterate', 'exec', 'prepare', 'pragma', 'transaction']);
/** Native functions of Node's socket and buffer writes. */
const NODE_NATIVE = new Set(['writev', 'writeBuffer', 'writeLatin1String', 'writeUtf8String', 'writeAsciiString', 'writeUcs2String', 'utf8Write', 'latin1Write']);

/**
 * The area a function belongs to: `SQLite (native)`, `GC`, `Node.js`, a workspace package (`@contentrepo/core`, …)
 * or a dependency (`express`, `pg`, `@apollo/server`, …).
 */
function areaOf(functionName: string, url: string): string {
  if (url === '') {
    if (SQLITE_NATIVE.has(functionName)) return 'SQLite (native statements)';
    if (NODE_NATIVE.has(functionName)) return 'Node.js (http, streams, buffers)';
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(program)') return '(program: V8, native, unattributed)';
    return 'other native / V8 built-ins';
  }
  if (url.startsWith('node:')) return 'Node.js (http, streams, buffers)';
  const path = url.replace(/^file:\/\//, '');
  const inModules = path.lastIndexOf('/node_modules/');
  if (inModules >= 0) {
    const parts = path.slice(inModules + '/node_modules/'.length).split('/');
    return (parts[0]?.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
  }
  const own = /\/(?:packages|apps|tools)\/([^/]+)\//.exec(path);
  return own ? `@contentrepo/${own[1] ?? ''}` : 'other';
}

/**
 * The `top` functions by self time of a `.cpuprofile` (the inspector's format: a node tree whose nodes count the
 * samples taken in them): samples are turned into time by the profile's duration ÷ sample count; nodes of one
 * function (same name, file and line) are summed; `(idle)` is left out of the shares. Also the eight areas (SQLite,
 * Node.js, garbage collection, each package) with the most self time.
 */
export async function hottestFunctions(file: string, top: number): Promise<{ busyMs: number; functions: HotFunction[]; areas: HotFunction[] }> {
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
  const byArea = new Map<string, number>();
  let busySamples = 0;
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (count === 0 || node.callFrame.functionName === '(idle)') continue;
    busySamples += count;
    const where = shortUrl(node.callFrame.url);
    const name = node.callFrame.functionName || '(anonymous)';
    const key = where ? `${name} (${where}:${node.callFrame.lineNumber + 1})` : name.startsWith('(') ? name : `${name} [native]`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + count);
    const area = areaOf(node.callFrame.functionName, node.callFrame.url);
    byArea.set(area, (byArea.get(area) ?? 0) + count);
  }
  const ranked = (counts: Map<string, number>, limit: number): HotFunction[] =>
    [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, count]) => ({ name, selfMs: count * msPerSample, percent: busySamples === 0 ? 0 : (count / busySamples) * 100 }));
  return { busyMs: busySamples * msPerSample, functions: ranked(byFunction, top), areas: ranked(byArea, 8) };
}
