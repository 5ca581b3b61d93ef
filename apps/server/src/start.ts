import * as nodeModule from 'node:module';

/** `module.enableCompileCache` (Node 22.1 and later); absent from Node 20's typings and runtime. */
type EnableCompileCache = (directory?: string) => unknown;

/**
 * The production entry point (the bundle's `main.mjs`): turns on Node's module compile cache when Node has one
 * (22.1 and later: V8 keeps the compiled code of every module in `NODE_COMPILE_CACHE`, by default a folder in the
 * system's temporary directory, and a later start reuses it instead of compiling again), then loads the server
 * (`main.ts`). It is a dynamic import so that the cache is on before the server's modules are compiled. On Node 20
 * there is no such cache and this only loads the server.
 */
const enableCompileCache = (nodeModule as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
if (typeof enableCompileCache === 'function') {
  try {
    enableCompileCache();
  } catch {
    // A cache that cannot be used (e.g. an unwritable folder) only makes the start slower.
  }
}
await import('./main.js');
