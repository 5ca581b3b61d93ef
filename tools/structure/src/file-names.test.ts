import { describe, expect, it } from '@jest/globals';
import { fileNameTwins, nonKebabCaseFileNames } from './file-names.js';
import { listTypeScriptFiles } from './repository-files.js';

describe('file names', () => {
  const files = listTypeScriptFiles();

  it('are unique across the repository, index.ts aside (rename the newer file to say its role in its layer)', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(Object.fromEntries(fileNameTwins(files))).toEqual({});
  });

  it('are kebab-case', () => {
    expect(nonKebabCaseFileNames(files)).toEqual([]);
  });

  it('twins are found across folders, and index files may repeat', () => {
    const twins = fileNameTwins(['a/content.ts', 'b/c/content.ts', 'a/index.ts', 'b/index.ts', 'a/index.test.ts', 'b/index.test.ts', 'a/x.ts']);
    expect(Object.fromEntries(twins)).toEqual({ 'content.ts': ['a/content.ts', 'b/c/content.ts'] });
  });

  it('kebab-case allows dotted kinds and rejects capitals and underscores', () => {
    expect(nonKebabCaseFileNames(['a/in-memory.contract.test.ts', 'a/publishing.node.ts', 'a/ContentService.ts', 'a/field_values.ts'])).toEqual([
      'a/ContentService.ts',
      'a/field_values.ts',
    ]);
  });
});
