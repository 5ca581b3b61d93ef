#!/usr/bin/env node
// The `contentrepo` command: loads the compiled command line (`dist/cli/cli-main.js`, written by `tsc -b` / `pnpm build`).
import { fileURLToPath } from 'node:url';

const main = new URL('../dist/cli/cli-main.js', import.meta.url);
try {
  await import(main.href);
} catch (error) {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(fileURLToPath(main))) {
    process.stderr.write(`contentrepo: ${fileURLToPath(main)} is missing: build the server first (pnpm build, or npx tsc -b)\n`);
    process.exit(1);
  }
  throw error;
}
