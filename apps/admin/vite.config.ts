import { defineConfig } from 'vite';

/**
 * The content browser's build: Preact through esbuild's automatic JSX runtime (no plugin), relative asset URLs
 * (the server gives the page a `<base href>` of the path it is mounted at), hashed file names (the server caches
 * them for a year), and no inline script, because the server's pages forbid inline scripts (Content-Security-Policy
 * `script-src 'self'`): Vite's module preload polyfill is an inline script, so it is left out (every browser this
 * targets supports `modulepreload`).
 */
export default defineConfig({
  base: './',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  // `vite` (development only): API calls go to a server started with `pnpm start` on its default port.
  server: { host: '127.0.0.1', port: 5173, proxy: { '/api': 'http://127.0.0.1:8080', '/var/site/storage': 'http://127.0.0.1:8080' } },
});
