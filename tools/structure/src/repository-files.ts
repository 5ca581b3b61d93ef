import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The repository's root folder (this file is `tools/structure/src/repository-files.ts`). */
export const REPOSITORY_ROOT = join(__dirname, '..', '..', '..');

/** Folders that hold no sources of ours: dependencies, build output, data, version control. */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', 'dist', 'coverage', 'var']);

/**
 * The TypeScript files of the repository (sources, tests, examples, configuration), as paths relative to `root`
 * with `/` separators, sorted. Hidden folders and {@link SKIPPED_FOLDERS} are not entered.
 */
export function listTypeScriptFiles(root: string = REPOSITORY_ROOT): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (entry.isFile() && entry.name.endsWith('.ts')) {
        found.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  walk(root);
  return found.sort();
}
