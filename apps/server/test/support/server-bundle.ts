import { bundleServer as bundleProductionServer, type BundleContents } from '../../src/production-bundle.js';

/**
 * Bundles the current sources of the server as the production start does (`src/production-bundle.ts`: our packages and
 * their pure-JavaScript dependencies in the bundle, native add-ons and the migration-only packages left in
 * node_modules), with an inline source map, into the ES module `outfile`. The server processes of the tests run it
 * with Node: the code under test is always the current source, never a stale `dist/`, and it is compiled once per
 * test file rather than once per process. With `splitting`, the sources imported dynamically (the GraphQL API, the
 * migrations, …) are chunks beside `outfile`, loaded only when imported, as in production; without it, the bundle
 * is one file.
 *
 * @returns what each written file holds (see `BundleContents`).
 * @throws Error (esbuild's) when a source does not compile or an import cannot be resolved.
 */
export function bundleServer(outfile: string, options: { readonly splitting?: boolean } = {}): Promise<BundleContents> {
  return bundleProductionServer(outfile, { splitting: options.splitting === true, sourcemap: 'inline' });
}
