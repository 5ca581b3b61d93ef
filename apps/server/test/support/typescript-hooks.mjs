// Node module hooks that run the server's TypeScript sources in a child process, the way Jest runs them in tests:
// `node --conditions=@contentrepo/source --import <this file> apps/server/src/main.ts`. The workspace packages
// resolve to their `src/` through the `@contentrepo/source` export condition, `./x.js` specifiers of a `.ts` file
// map to `./x.ts`, and esbuild strips the types (no type checking: that is `tsc`'s job). Nothing is read from
// `dist/`, so a test never runs stale compiled code.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { transform } from 'esbuild';

// Loaded with --import on the main thread: register this same file as the hooks (which Node runs on its own thread).
if (isMainThread) register(import.meta.url);

/** The compiler options of tsconfig.base.json that change the emitted JavaScript. */
const TSCONFIG = { compilerOptions: { target: 'ES2023', verbatimModuleSyntax: true, useDefineForClassFields: true } };

/**
 * Resolves like Node, except that a relative `./x.js` imported by a `.ts` file is `./x.ts` when that file exists
 * (checked first: the sources import each other that way).
 */
export async function resolve(specifier, context, nextResolve) {
  if (context.parentURL?.startsWith('file:') && context.parentURL.endsWith('.ts') && specifier.startsWith('.') && specifier.endsWith('.js')) {
    const source = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
    if (existsSync(source)) return { url: source.href, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

/** Loads a `.ts` file as an ES module with its types stripped by esbuild (inline source map for stack traces). */
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const { code } = await transform(await readFile(path, 'utf8'), {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    sourcefile: path,
    sourcemap: 'inline',
    tsconfigRaw: TSCONFIG,
  });
  return { format: 'module', source: code, shortCircuit: true };
}
