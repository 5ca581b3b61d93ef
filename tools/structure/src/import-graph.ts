import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/** Which files each file imports (repository-relative paths), type-only imports and re-exports included. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The export condition under which the workspace packages' entry points are their TypeScript sources. */
const SOURCE_CONDITION = '@contentrepo/source';

/** Where each entry point of the workspace packages is (`@contentrepo/core/testing` → `packages/core/src/testing/index.ts`). */
function workspaceEntryPoints(root: string): Map<string, string> {
  const entryPoints = new Map<string, string>();
  for (const group of ['packages', 'apps', 'tools']) {
    const groupFolder = join(root, group);
    if (!existsSync(groupFolder)) continue;
    for (const folder of ts.sys.getDirectories(groupFolder)) {
      const manifestPath = join(groupFolder, folder, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
      if (typeof manifest !== 'object' || manifest === null || !('name' in manifest) || typeof manifest.name !== 'string') continue;
      const exports = 'exports' in manifest && typeof manifest.exports === 'object' && manifest.exports !== null ? manifest.exports : {};
      for (const [subpath, target] of Object.entries(exports)) {
        const source: unknown = typeof target === 'object' && target !== null && SOURCE_CONDITION in target ? target[SOURCE_CONDITION] : target;
        if (typeof source !== 'string') continue;
        entryPoints.set(posix.join(manifest.name, subpath), posix.join(group, folder, source));
      }
    }
  }
  return entryPoints;
}

/**
 * The repository file a specifier names, or null for a dependency (or anything that is not one of `files`):
 * `./x.js` is `./x.ts`, a workspace package is its entry point's source.
 */
function resolveSpecifier(specifier: string, importer: string, files: ReadonlySet<string>, entryPoints: ReadonlyMap<string, string>): string | null {
  if (specifier.startsWith('.')) {
    const target = posix.join(posix.dirname(importer), specifier);
    const candidates = target.endsWith('.js') ? [`${target.slice(0, -3)}.ts`] : [target, `${target}.ts`, `${target}/index.ts`];
    return candidates.find((candidate) => files.has(candidate)) ?? null;
  }
  const entryPoint = entryPoints.get(specifier);
  return entryPoint !== undefined && files.has(entryPoint) ? entryPoint : null;
}

/**
 * The imports between `files` (repository-relative paths under `root`), read by TypeScript's pre-processor: import
 * and export declarations (`import type` too), `import()` expressions and types. Comments and strings are not
 * imports; nothing is type-checked.
 */
export function buildImportGraph(root: string, files: readonly string[]): ImportGraph {
  const known = new Set(files);
  const entryPoints = workspaceEntryPoints(root);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles.flatMap(({ fileName }) => {
      const target = resolveSpecifier(fileName, file, known, entryPoints);
      return target === null || target === file ? [] : [target];
    });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}
