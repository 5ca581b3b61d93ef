import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** The server's entry point. */
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/**
 * Leaves every third-party package out of the bundle, imported by the absolute path of the file Node would load
 * for the importing source (esbuild resolves it from that source's folder, with the `import` conditions): the
 * bundle can live anywhere and still loads each package once, from the workspace's node_modules.
 */
const thirdPartyByPath: Plugin = {
  name: 'third-party-by-path',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || args.path.startsWith('@contentrepo/')) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const resolved = await bundler.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, external: true };
    });
  },
};

/**
 * Bundles `src/main.ts` with the workspace packages' TypeScript sources (the `@contentrepo/source` export
 * condition; esbuild strips the types as each package's tsconfig.json says, type checking is `tsc`'s job) into one
 * ES module at `outfile`, with an inline source map. The server processes of the tests run it with Node: the code
 * under test is always the current source, never a stale `dist/`, and it is compiled once per test file rather
 * than once per process. With `splitting`, each dynamically imported source becomes a chunk of its own beside
 * `outfile`, loaded only when imported (as with the compiled `dist/` files): a test can then observe which packages
 * a start loads; without it, the third-party imports of every source are hoisted to the top of the bundle.
 *
 * @throws Error (esbuild's) when a source does not compile or an import cannot be resolved.
 */
export async function bundleServer(outfile: string, options: { readonly splitting?: boolean } = {}): Promise<void> {
  const output = options.splitting === true
    ? { outdir: dirname(outfile), entryNames: basename(outfile).replace(/\.mjs$/, ''), outExtension: { '.js': '.mjs' }, splitting: true }
    : { outfile };
  await build({
    entryPoints: [MAIN],
    ...output,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@contentrepo/source'],
    sourcemap: 'inline',
    logLevel: 'silent',
    plugins: [thirdPartyByPath],
  });
}
