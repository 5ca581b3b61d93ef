import { describe, expect, it } from '@jest/globals';
import { createDefaultFieldTypeRegistry } from '../field-types/registry.js';
import type { PersistenceHandler } from '../spi/persistence-handler.js';
import type { ContentIndexDocument } from '../spi/search-handler.js';
import { createTestRepository } from '../testing/test-repository.js';
import { reindexSearch, type ReindexProgress } from './reindex-search.js';

const FOLDER = 1;
const HOME = 2;

/** `persistence` whose transactions record every document indexed through them. */
function recording(persistence: PersistenceHandler, documents: ContentIndexDocument[]): PersistenceHandler {
  return {
    ...persistence,
    transaction: (work) =>
      persistence.transaction((tx) =>
        work({
          ...tx,
          searchHandler: {
            ...tx.searchHandler,
            indexContent: async (document) => {
              documents.push(document);
              await tx.searchHandler.indexContent(document);
            },
          },
        }),
      ),
  };
}

describe('reindexSearch', () => {
  it('indexes the current version of every published item, in batches, reporting progress', async () => {
    const repo = await createTestRepository();
    const folder = (name: string) =>
      repo.admin.contentService.createContent({ contentTypeId: FOLDER, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: name }] }, [
        { parentLocationId: HOME },
      ]);
    const published: number[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
      const draft = await folder(name);
      await repo.admin.contentService.publishVersion(draft.contentInfo.id, draft.versionInfo.versionNo);
      published.push(draft.contentInfo.id);
    }
    const [first] = published;
    if (first === undefined) throw new Error('nothing published');
    // A second published version, and an item never published.
    const next = await repo.admin.contentService.createContentDraft(first);
    await repo.admin.contentService.updateContent(first, next.versionInfo.versionNo, { fields: [{ fieldDefIdentifier: 'name', value: 'One again' }] });
    await repo.admin.contentService.publishVersion(first, next.versionInfo.versionNo);
    const unpublished = await folder('Draft only');

    const documents: ContentIndexDocument[] = [];
    const progress: ReindexProgress[] = [];
    const result = await reindexSearch({
      persistence: recording(repo.persistence, documents),
      fieldTypes: createDefaultFieldTypeRegistry(),
      batchSize: 2,
      onProgress: (step) => progress.push(step),
    });

    const ids = documents.map((document) => document.contentId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(published));
    expect(ids).not.toContain(unpublished.contentInfo.id);
    expect(documents.find((document) => document.contentId === first)).toMatchObject({ versionNo: 2, names: { 'eng-GB': 'One again' } });
    expect(result).toEqual({ indexed: ids.length, skipped: 0, contentTypes: expect.any(Number) });

    const total = ids.length;
    expect(progress[0]).toEqual({ done: 0, total });
    expect(progress[progress.length - 1]).toEqual({ done: total, total });
    for (let index = 1; index < progress.length; index += 1) {
      const step = progress[index]?.done ?? 0;
      const before = progress[index - 1]?.done ?? 0;
      expect(step - before).toBeGreaterThan(0);
      expect(step - before).toBeLessThanOrEqual(2);
    }
  });
});
