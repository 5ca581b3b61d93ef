import { folderRecord, type PersistenceUnderTest, seededStore, unique } from './fixtures.js';
import type { TestRunner } from '../test-runner.js';

/** Contract of `PersistenceHandler.transaction`: commit, rollback, nesting, isolation of concurrent work. */
export function transactionContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('transactions', () => {
    const store = seededStore(runner, create);

    it('commits when the work resolves', async () => {
      const persistence = store();
      const remoteId = unique('commit');
      const id = await persistence.transaction(async (tx) => (await tx.contentHandler.create(folderRecord('Kept', { remoteId }))).contentInfo.id);
      expect((await persistence.contentHandler.loadContentInfo(id))?.remoteId).toBe(remoteId);
    });

    it('rolls everything back when the work rejects, and rethrows', async () => {
      const persistence = store();
      const remoteId = unique('rollback');
      const failure = new Error('boom');
      await expect(
        persistence.transaction(async (tx) => {
          const created = await tx.contentHandler.create(folderRecord('Lost', { remoteId }));
          await tx.locationHandler.create({
            contentId: created.contentInfo.id, parentLocationId: 2, priority: 0, hidden: false, remoteId: unique('loc'), sortField: 'PATH', sortOrder: 'ASC',
          });
          await tx.contentHandler.updateMetadata(1, { name: 'Changed' });
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await persistence.contentHandler.loadContentInfoByRemoteId(remoteId)).toBeNull();
      expect((await persistence.contentHandler.loadContentInfo(1))?.name).toBe('Ibexa Platform');
      expect((await persistence.locationHandler.countChildren([2])).get(2)).toBe(0);
    });

    it('joins an enclosing transaction when nested', async () => {
      const persistence = store();
      const remoteId = unique('nested');
      await expect(
        persistence.transaction(async (tx) => {
          await tx.transaction((inner) => inner.contentHandler.create(folderRecord('Inner', { remoteId })));
          throw new Error('outer fails');
        }),
      ).rejects.toThrow('outer fails');
      expect(await persistence.contentHandler.loadContentInfoByRemoteId(remoteId)).toBeNull();
    });

    it('keeps concurrent transactions apart: a failing one does not undo a succeeding one', async () => {
      const persistence = store();
      const kept = unique('kept');
      const lost = unique('lost');
      const results = await Promise.allSettled([
        persistence.transaction(async (tx) => {
          await tx.contentHandler.create(folderRecord('Lost', { remoteId: lost }));
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new Error('fails late');
        }),
        persistence.transaction((tx) => tx.contentHandler.create(folderRecord('Kept', { remoteId: kept }))),
      ]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
      expect(await persistence.contentHandler.loadContentInfoByRemoteId(kept)).not.toBeNull();
      expect(await persistence.contentHandler.loadContentInfoByRemoteId(lost)).toBeNull();
    });
  });
}
