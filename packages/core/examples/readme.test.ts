import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The README's testing example is these files, verbatim: each code block preceded by `<!-- tested: <path> -->`
 * must equal the file at that path (relative to the repository root), so that what the test command runs under
 * Jest and `node --test` is what the README shows.
 */
const ROOT = join(__dirname, '..', '..', '..');
const TESTED = /<!-- tested: (\S+) -->\n```ts\n([\s\S]*?)```\n/g;

describe('README example', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(TESTED)].map(([, path = '', code = '']) => ({ path, code }));

  it('shows the example files', () => {
    expect(blocks.map((block) => block.path)).toEqual([
      'packages/core/examples/publishing.ts',
      'packages/core/examples/publishing.test.ts',
      'packages/core/examples/publishing.node.ts',
    ]);
  });

  it.each(blocks)('shows $path as it is', ({ path, code }) => {
    expect(code).toBe(readFileSync(join(ROOT, path), 'utf8'));
  });
});
