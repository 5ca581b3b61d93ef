/**
 * File names that may occur more than once: a folder's entry point and its test. Every other `.ts` file name is
 * unique in the repository (docs/adr/0011-boundaries-and-names-checked-by-tools.md).
 */
export const SHARED_FILE_NAMES: ReadonlySet<string> = new Set(['index.ts', 'index.test.ts']);

/** Lower-case words joined by `-`, then dot-separated kinds (`.contract`, `.test`, `.node`), then `.ts`. */
const KEBAB_CASE_FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*\.ts$/;

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * The paths of each file name used more than once, outside {@link SHARED_FILE_NAMES}, by file name; empty when
 * every name is unique.
 */
export function fileNameTwins(paths: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const name = baseName(path);
    if (!SHARED_FILE_NAMES.has(name)) byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  return new Map([...byName].filter(([, twins]) => twins.length > 1));
}

/** The paths whose file name is not kebab-case. */
export function nonKebabCaseFileNames(paths: readonly string[]): string[] {
  return paths.filter((path) => !KEBAB_CASE_FILE_NAME.test(baseName(path)));
}
