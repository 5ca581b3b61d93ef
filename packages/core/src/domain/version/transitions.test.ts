import { describe, expect, it } from '@jest/globals';
import type { VersionStatus } from '../../api/values/content.js';
import { BadStateError } from '../../errors/repository-error.js';
import { assertVersionTransition, type VersionOperation } from './transitions.js';

const cases: readonly [VersionOperation, VersionStatus, number, 'allowed' | string][] = [
  ['createDraft', 'DRAFT', 1, 'allowed'],
  ['createDraft', 'PUBLISHED', 1, 'allowed'],
  ['createDraft', 'ARCHIVED', 2, 'allowed'],
  ['update', 'DRAFT', 1, 'allowed'],
  ['update', 'PUBLISHED', 1, 'version.notDraft'],
  ['update', 'ARCHIVED', 2, 'version.notDraft'],
  ['publish', 'DRAFT', 1, 'allowed'],
  ['publish', 'PUBLISHED', 1, 'version.notDraft'],
  ['publish', 'ARCHIVED', 2, 'version.notDraft'],
  ['delete', 'DRAFT', 2, 'allowed'],
  ['delete', 'ARCHIVED', 2, 'allowed'],
  ['delete', 'PUBLISHED', 2, 'version.published'],
  ['delete', 'DRAFT', 1, 'version.lastVersion'],
  ['delete', 'ARCHIVED', 1, 'version.lastVersion'],
];

describe('version transition table', () => {
  it.each(cases)('%s on a %s version (of %i) → %s', (operation, status, versionCount, expected) => {
    const run = () => assertVersionTransition(operation, status, versionCount);
    if (expected === 'allowed') {
      expect(run()).toBeDefined();
      return;
    }
    let error: unknown;
    try {
      run();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BadStateError);
    expect((error as BadStateError).reason).toBe(expected);
  });

  it('names the rule in the message', () => {
    expect(() => assertVersionTransition('publish', 'PUBLISHED', 1)).toThrow('Only versions with DRAFT status can be published');
    expect(() => assertVersionTransition('delete', 'PUBLISHED', 3)).toThrow('Versions with PUBLISHED status cannot be deleted');
  });
});
