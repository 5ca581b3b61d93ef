// Bundles the browser code of the server's own web pages (today: GraphiQL) into web/dist/ with esbuild: one minified
// ES module and one stylesheet per page, fonts as files in web/dist/fonts/, brotli and gzip copies of each; nothing
// is loaded from another origin at run time. Run by the root `build`, `start` and `test` scripts (skipped when its
// inputs did not change); the server serves web/dist/ as it is (src/web/server-page-assets.ts).
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fontsDir = join(root, 'web/dist/fonts');

/**
 * GraphiQL's stylesheet carries its fonts inline (`url(data:font/woff2;base64,…)`, and `woff`), one per Unicode
 * range of each face: most of its weight. This plugin writes each one to `web/dist/fonts/<hash>.<format>` (served
 * from this origin, never another) and links it instead, so that a browser fetches only the ranges a page shows.
 */
const fontsAsFiles = {
  name: 'fonts-as-files',
  setup(builder) {
    builder.onResolve({ filter: /^fonts\// }, (args) => ({ path: args.path, external: true }));
    builder.onLoad({ filter: /graphiql[\\/]dist[\\/]style\.css$/ }, async (args) => {
      const css = await readFile(args.path, 'utf8');
      const fonts = new Map();
      const contents = css.replace(/url\(data:font\/(woff2?);base64,([A-Za-z0-9+/=]+)\)/g, (_match, format, data) => {
        const name = `${createHash('sha256').update(data).digest('hex').slice(0, 16)}.${format}`;
        fonts.set(name, Buffer.from(data, 'base64'));
        return `url(fonts/${name})`;
      });
      await mkdir(fontsDir, { recursive: true });
      for (const [name, bytes] of fonts) await writeFile(join(fontsDir, name), bytes);
      return { contents, loader: 'css' };
    });
  },
};

// Nothing to do when this script, the entry and the installed packages are those of the last build.
const stampFile = join(root, 'web/dist/.build-stamp');
const lockfile = join(root, '../../pnpm-lock.yaml');
const stampHash = createHash('sha256');
for (const input of [fileURLToPath(import.meta.url), join(root, 'web/graphiql/graphiql-app.js'), lockfile]) stampHash.update(await readFile(input).catch(() => ''));
const stamp = stampHash.digest('hex');
if ((await readFile(stampFile, 'utf8').catch(() => '')) === stamp) {
  console.log('web assets up to date');
  process.exit(0);
}

const started = Date.now();
await rm(join(root, 'web/dist'), { recursive: true, force: true });
await build({
  entryPoints: { graphiql: join(root, 'web/graphiql/graphiql-app.js') },
  outdir: join(root, 'web/dist'),
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2022'],
  plugins: [fontsAsFiles],
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'linked',
  logLevel: 'warning',
});
// Compressed copies, sent to browsers that accept them (the server compresses nothing at run time).
for (const name of ['graphiql.js', 'graphiql.css']) {
  const path = join(root, 'web/dist', name);
  const body = await readFile(path);
  await writeFile(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
}
await writeFile(stampFile, stamp);
console.log(`web assets built in ${Date.now() - started} ms`);
