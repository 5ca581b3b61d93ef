import { rm } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

/** The production entry point (`start.ts`, which loads `main.ts`), as a TypeScript source (the same path from `src/` and `dist/`). */
const ENTRY_SOURCE = fileURLToPath(new URL('../src/start.ts', import.meta.url));

/** Where `npx -y pnpm@10 start` writes the bundle and runs it from (`apps/server/dist/bundle/main.mjs`). */
export const DEFAULT_BUNDLE_FILE = fileURLToPath(new URL('../dist/bundle/main.mjs', import.meta.url));

/**
 * Packages the bundle leaves in node_modules: native add-ons (better-sqlite3, sharp), which cannot be bundled, and
 * what only a migration or a PostgreSQL start loads (MikroORM with its drivers and migrator, `pg`), which finds its
 * drivers and files at run time by name. Everything else — our packages and every pure-JavaScript dependency — is
 * in the bundle.
 */
const EXTERNAL_PACKAGES = /^(?:better-sqlite3|sharp|pg|pg-native|pg-query-stream|umzug|@mikro-orm\/[^/]+)(?:\/|$)/;

/** Import specifiers that name a package (not a relative path, not a Node built-in). */
const BARE_SPECIFIER = /^[^./]/;

/** A path as an import specifier relative to the bundle's folder (`../../node_modules/...`), with `/` separators. */
function relativeSpecifier(outdir: string, path: string): string {
  const specifier = relative(outdir, path).split(sep).join('/');
  return specifier.startsWith('.') ? specifier : `./${specifier}`;
}

/**
 * Resolves every package import as Node would from the importing file (esbuild's resolution, with the `import`
 * or `require` conditions of the import): a package of {@link EXTERNAL_PACKAGES} is left out and imported by its
 * path relative to the bundle's folder, so it is loaded from the workspace's node_modules (pnpm links it beside
 * its importer only). A driver a bundled package asks for by name but that is not installed (knex's MySQL, Oracle
 * and MSSQL clients) stays a plain import that fails, as before bundling, only if that driver is ever used.
 */
function externalsBesideTheirImporter(outdir: string): Plugin {
  return {
    name: 'externals-beside-their-importer',
    setup(bundler) {
      bundler.onResolve({ filter: BARE_SPECIFIER }, async (args) => {
        if (args.pluginData === 'resolving' || args.path.startsWith('@contentrepo/') || args.path.startsWith('node:')) return undefined;
        const resolved = await bundler.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
        if (resolved.errors.length > 0) {
          return args.importer.includes(`${sep}node_modules${sep}`) ? { path: args.path, external: true } : { errors: resolved.errors };
        }
        if (resolved.external) return { path: args.path, external: true };
        if (!EXTERNAL_PACKAGES.test(args.path)) return { path: resolved.path };
        return { path: relativeSpecifier(outdir, resolved.path), external: true };
      });
    },
  };
}

/** The files a bundle wrote (absolute paths of the `.mjs` entry and chunks), each with the source files it holds (absolute paths). */
export type BundleContents = ReadonlyMap<string, readonly string[]>;

/** How to bundle (see {@link bundleServer}). */
export interface BundleOptions {
  /**
   * Put the sources that are only imported dynamically (the GraphQL API, the migrations, …) in chunk files beside
   * the entry, loaded when first imported (default true: what the production start runs). Without it, the bundle is
   * one file and everything is loaded at start.
   */
  readonly splitting?: boolean;
  /** `linked` (a `.map` file beside each output; the default) or `inline` (tests). */
  readonly sourcemap?: 'linked' | 'inline';
  /**
   * Drop white space and simplify syntax, keeping every name (default false; the production bundle is minified):
   * a quarter less code for Node to parse at start. Stack traces keep function names; their line and column
   * point into the bundle unless Node runs with `--enable-source-maps`.
   */
  readonly minify?: boolean;
  /** The TypeScript entry to bundle instead of the server's `src/start.ts` (e.g. the command line's `src/cli/main.ts`). */
  readonly entry?: string;
}

/**
 * Bundles the server (`src/start.ts`, which loads `src/main.ts`, with the workspace packages' TypeScript sources, through the
 * `@contentrepo/source` export condition, and their pure-JavaScript dependencies) into the ES module `outfile`
 * (its chunks beside it), which Node runs like `dist/main.js`. One bundle starts several times faster than the
 * hundreds of compiled files and package entry points it replaces: Node resolves, reads and links one module graph
 * of a few files. esbuild strips the types without checking them (type checking is `tsc`'s job). CommonJS
 * dependencies get a `require` of the output file's own (for their `require` of Node built-ins). Native add-ons and
 * the packages only a migration or PostgreSQL needs stay in node_modules (see {@link EXTERNAL_PACKAGES}), imported
 * by a path relative to `outfile`: the bundle runs from where it was built, beside the workspace's node_modules.
 *
 * @returns what each written file holds.
 * @throws Error (esbuild's) when a source does not compile or an import cannot be resolved.
 */
export async function bundleServer(outfile: string = DEFAULT_BUNDLE_FILE, options: BundleOptions = {}): Promise<BundleContents> {
  const outdir = dirname(outfile);
  const output: BuildOptions =
    options.splitting === false
      ? { outfile }
      : { outdir, entryNames: outfile.slice(outdir.length + 1).replace(/\.mjs$/, ''), splitting: true };
  const result = await build({
    entryPoints: [options.entry ?? ENTRY_SOURCE],
    metafile: true,
    ...output,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@contentrepo/source'],
    sourcemap: options.sourcemap ?? 'linked',
    banner: { js: "import { createRequire as __contentrepoCreateRequire } from 'node:module'; const require = __contentrepoCreateRequire(import.meta.url);" },
    ...(options.minify === true ? { minifyWhitespace: true, minifySyntax: true } : {}),
    logLevel: 'warning',
    plugins: [externalsBesideTheirImporter(outdir)],
  });
  const contents = new Map<string, string[]>();
  for (const [file, output] of Object.entries(result.metafile?.outputs ?? {})) {
    if (file.endsWith('.mjs')) contents.set(resolve(file), Object.keys(output.inputs).map((input) => resolve(input)));
  }
  return contents;
}

/** Writes the production bundle at {@link DEFAULT_BUNDLE_FILE}, after removing the chunks of an earlier build. */
async function writeDefaultBundle(): Promise<void> {
  await rm(dirname(DEFAULT_BUNDLE_FILE), { recursive: true, force: true });
  await bundleServer(DEFAULT_BUNDLE_FILE, { minify: true });
}

// Run as a script (`node apps/server/dist/production-bundle.js`): what `pnpm start` does after `tsc -b`.
if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeDefaultBundle().catch((error: unknown) => {
    process.stderr.write(`Bundling the server failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
