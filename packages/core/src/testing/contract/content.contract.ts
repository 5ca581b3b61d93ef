import { InvalidArgumentError } from '../../errors/repository-error.js';
import { at, folderName, folderRecord, pending, type PersistenceUnderTest, seededStore, unique } from './fixtures.js';
import type { TestRunner } from '../test-runner.js';

/** Contract of ContentHandler: create, drafts, publication, versions, metadata, copy, relations. */
export function contentContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('ContentHandler', () => {
    const store = seededStore(runner, create);

    it('loads seeded content with its current version and fields', async () => {
      const { contentHandler } = store();
      const info = await contentHandler.loadContentInfo(1);
      expect(info).toMatchObject({
        id: 1,
        name: 'Ibexa Platform',
        contentTypeId: 1,
        sectionId: 1,
        currentVersionNo: 9,
        mainLocationId: 2,
        remoteId: '9459d3c29e15006e45197295722c7ade',
        status: 'PUBLISHED',
        alwaysAvailable: true,
      });
      const stored = await contentHandler.load(1, 9);
      expect(stored?.versionInfo).toMatchObject({ versionNo: 9, status: 'PUBLISHED', languageCodes: ['eng-GB'] });
      expect(stored?.fields.map((field) => field.fieldDefIdentifier)).toEqual(['name', 'short_name', 'short_description', 'description']);
      expect(stored?.fields[0]).toMatchObject({ fieldDefinitionId: 4, languageCode: 'eng-GB', fieldTypeIdentifier: 'ezstring', data: 'Ibexa Platform' });
      expect(await contentHandler.loadContentInfoByRemoteId('faaeb9be3bd98ed09f606fc16d144eca')).toMatchObject({ id: 10 });
    });

    it('returns null or nothing for unknown ids', async () => {
      const { contentHandler } = store();
      expect(await contentHandler.loadContentInfo(999_999)).toBeNull();
      expect(await contentHandler.loadVersionInfo(1, 1)).toBeNull();
      expect(await contentHandler.load(1, 1)).toBeNull();
      expect(await contentHandler.loadContentInfoByRemoteId('nope')).toBeNull();
      const list = await contentHandler.loadContentInfoList([1, 999_999, 4]);
      expect(list.map((info) => info.id).sort((a, b) => a - b)).toEqual([1, 4]);
      const current = await contentHandler.loadCurrentList([999_999, 10]);
      expect(current.map((item) => [item.contentInfo.id, item.versionInfo.versionNo])).toEqual([[10, 2]]);
    });

    it('creates a draft item above the seeded ids, with fields, names and pending locations', async () => {
      const { contentHandler } = store();
      const created = await contentHandler.create(folderRecord('Draft folder', { pendingLocations: [pending(2, { priority: 3 })] }));
      expect(created.contentInfo.id).toBeGreaterThan(51);
      expect(created.contentInfo).toMatchObject({
        status: 'DRAFT',
        currentVersionNo: 1,
        mainLocationId: null,
        publishedDate: null,
        name: 'Draft folder',
      });
      expect(created.versionInfo).toMatchObject({ versionNo: 1, status: 'DRAFT', names: { 'eng-GB': 'Draft folder' }, creatorId: 14 });
      expect(created.fields).toHaveLength(1);
      expect(created.fields[0]?.id).toBeGreaterThan(0);
      expect(await contentHandler.loadPendingLocations(created.contentInfo.id)).toMatchObject([{ parentLocationId: 2, priority: 3 }]);
      await contentHandler.deletePendingLocations(created.contentInfo.id);
      expect(await contentHandler.loadPendingLocations(created.contentInfo.id)).toEqual([]);
    });

    it('refuses a duplicate remoteId with InvalidArgumentError', async () => {
      const { contentHandler } = store();
      const remoteId = unique('dup');
      await contentHandler.create(folderRecord('One', { remoteId }));
      await expect(contentHandler.create(folderRecord('Two', { remoteId }))).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(contentHandler.updateMetadata(1, { remoteId })).rejects.toBeInstanceOf(InvalidArgumentError);
    });

    it('finds and keeps remote ids unique case-insensitively (ASCII letters), keeping the case they were written in', async () => {
      const { contentHandler } = store();
      const remoteId = unique('Mixed-Case');
      const created = await contentHandler.create(folderRecord('Cased', { remoteId }));
      const id = created.contentInfo.id;
      expect(await contentHandler.loadContentInfoByRemoteId(remoteId.toUpperCase())).toMatchObject({ id, remoteId });
      expect(await contentHandler.loadContentInfoByRemoteId(remoteId.toLowerCase())).toMatchObject({ id, remoteId });
      await expect(contentHandler.create(folderRecord('Cased again', { remoteId: remoteId.toLowerCase() }))).rejects.toBeInstanceOf(InvalidArgumentError);
      await expect(contentHandler.updateMetadata(1, { remoteId: remoteId.toUpperCase() })).rejects.toBeInstanceOf(InvalidArgumentError);
      expect(await contentHandler.updateMetadata(id, { remoteId: remoteId.toUpperCase() })).toMatchObject({ remoteId: remoteId.toUpperCase() });
      // Only ASCII letters are folded, on every engine: these two are different remote ids.
      const accented = unique('été');
      await contentHandler.create(folderRecord('Accented', { remoteId: accented }));
      const upper = await contentHandler.create(folderRecord('Accented upper', { remoteId: accented.replace('été', 'ÉTÉ') }));
      expect((await contentHandler.loadContentInfoByRemoteId(accented.replace('été', 'ÉTÉ')))?.id).toBe(upper.contentInfo.id);
      expect((await contentHandler.loadContentInfoByRemoteId(accented.replace('été', 'ÉtÉ')))?.id).toBe(upper.contentInfo.id);
    });

    it('updates a draft: upserts fields by definition and language, keeps ids, replaces field relations', async () => {
      const { contentHandler } = store();
      const created = await contentHandler.create(
        folderRecord('Before', { relations: [{ destinationContentId: 41, type: 'FIELD', sourceFieldDefinitionIdentifier: 'name' }] }),
      );
      const id = created.contentInfo.id;
      const fieldId = created.fields[0]?.id;
      await contentHandler.updateDraft(id, 1, {
        initialLanguageCode: 'eng-GB',
        languageCodes: ['eng-GB', 'pol-PL'],
        names: { 'eng-GB': 'After', 'pol-PL': 'Po' },
        modificationDate: at('2024-02-01T00:00:00Z'),
        fields: [folderName('After', 'eng-GB', fieldId), folderName('Po', 'pol-PL')],
        fieldRelations: [{ destinationContentId: 49, type: 'FIELD', sourceFieldDefinitionIdentifier: 'name' }],
      });
      const stored = await contentHandler.load(id, 1);
      expect(stored?.versionInfo).toMatchObject({ languageCodes: ['eng-GB', 'pol-PL'], names: { 'eng-GB': 'After', 'pol-PL': 'Po' } });
      expect(stored?.versionInfo.modificationDate.toISOString()).toBe('2024-02-01T00:00:00.000Z');
      expect(stored?.fields.map((field) => [field.languageCode, field.data])).toEqual([
        ['eng-GB', 'After'],
        ['pol-PL', 'Po'],
      ]);
      expect(stored?.fields[0]?.id).toBe(fieldId);
      expect((await contentHandler.load(id, 1, ['pol-PL']))?.fields.map((field) => field.data)).toEqual(['Po']);
      const relations = await contentHandler.loadRelations(id, 1);
      expect(relations.map((relation) => [relation.destinationContentId, relation.type])).toEqual([[49, 'FIELD']]);
    });

    it('publishes: archives the previous version, sets the current version, keeps the first publication date', async () => {
      const { contentHandler } = store();
      const id = (await contentHandler.create(folderRecord('V1'))).contentInfo.id;
      const first = await contentHandler.publish(id, 1, { name: 'V1', date: at('2024-03-01T00:00:00Z') });
      expect(first).toMatchObject({ status: 'PUBLISHED', currentVersionNo: 1, name: 'V1' });
      expect(first.publishedDate?.toISOString()).toBe('2024-03-01T00:00:00.000Z');

      const draft = await contentHandler.createDraft(id, 1, { creatorId: 10, date: at('2024-03-02T00:00:00Z'), initialLanguageCode: 'eng-GB' });
      expect(draft).toMatchObject({ versionNo: 2, status: 'DRAFT', creatorId: 10 });
      const draftFields = (await contentHandler.load(id, 2))?.fields ?? [];
      const v1Fields = (await contentHandler.load(id, 1))?.fields ?? [];
      expect(draftFields.map((field) => [field.id, field.data])).toEqual(v1Fields.map((field) => [field.id, field.data]));

      const second = await contentHandler.publish(id, 2, { name: 'V2', date: at('2024-03-03T00:00:00Z') });
      expect(second).toMatchObject({ currentVersionNo: 2, name: 'V2' });
      expect(second.publishedDate?.toISOString()).toBe('2024-03-01T00:00:00.000Z');
      expect(second.modificationDate.toISOString()).toBe('2024-03-03T00:00:00.000Z');
      const versions = await contentHandler.loadVersionInfoList(id);
      expect(versions.map((version) => [version.versionNo, version.status])).toEqual([
        [1, 'ARCHIVED'],
        [2, 'PUBLISHED'],
      ]);
    });

    it('numbers new drafts after the highest version and copies relations', async () => {
      const { contentHandler } = store();
      const id = (
        await contentHandler.create(
          folderRecord('Rel', { relations: [{ destinationContentId: 4, type: 'FIELD', sourceFieldDefinitionIdentifier: 'name' }] }),
        )
      ).contentInfo.id;
      await contentHandler.createDraft(id, 1, { creatorId: 14, date: at('2024-01-01T00:00:00Z'), initialLanguageCode: 'eng-GB' });
      const third = await contentHandler.createDraft(id, 1, { creatorId: 14, date: at('2024-01-01T00:00:00Z'), initialLanguageCode: 'eng-GB' });
      expect(third.versionNo).toBe(3);
      expect((await contentHandler.loadRelations(id, 3)).map((relation) => relation.destinationContentId)).toEqual([4]);
      await contentHandler.deleteVersion(id, 2);
      expect((await contentHandler.loadVersionInfoList(id)).map((version) => version.versionNo)).toEqual([1, 3]);
      expect(await contentHandler.load(id, 2)).toBeNull();
    });

    it('loads the relations of several versions in one call, by id, as loadRelations does for each', async () => {
      const { contentHandler } = store();
      const first = (
        await contentHandler.create(
          folderRecord('Related A', {
            relations: [
              { destinationContentId: 41, type: 'FIELD', sourceFieldDefinitionIdentifier: 'name' },
              { destinationContentId: 4, type: 'FIELD', sourceFieldDefinitionIdentifier: 'name' },
            ],
          }),
        )
      ).contentInfo.id;
      const second = (
        await contentHandler.create(folderRecord('Related B', { relations: [{ destinationContentId: 49, type: 'FIELD', sourceFieldDefinitionIdentifier: 'name' }] }))
      ).contentInfo.id;
      const bare = (await contentHandler.create(folderRecord('Unrelated'))).contentInfo.id;
      await contentHandler.createDraft(first, 1, { creatorId: 14, date: at('2024-01-01T00:00:00Z'), initialLanguageCode: 'eng-GB' });
      const expected = [...(await contentHandler.loadRelations(second, 1)), ...(await contentHandler.loadRelations(first, 1))].sort((a, b) => a.id - b.id);
      expect(expected).toHaveLength(3);

      const versions = [
        { contentId: second, versionNo: 1 },
        { contentId: bare, versionNo: 1 },
        { contentId: first, versionNo: 1 },
        { contentId: second, versionNo: 1 },
        { contentId: 999_999, versionNo: 1 },
      ];
      expect(await contentHandler.loadRelationsList(versions)).toEqual(expected);
      expect((await contentHandler.loadRelationsList([{ contentId: first, versionNo: 2 }])).map((relation) => [relation.sourceVersionNo, relation.destinationContentId])).toEqual([
        [2, 41],
        [2, 4],
      ]);
      expect(await contentHandler.loadRelationsList([])).toEqual([]);
    });

    it('loads reverse relations from current versions of published sources only, highest id first, in pages', async () => {
      const { contentHandler } = store();
      const date = at('2024-04-01T00:00:00Z');
      const target = (await contentHandler.create(folderRecord('Reverse target'))).contentInfo.id;
      const toTarget = (type: 'FIELD' | 'COMMON'): { destinationContentId: number; type: 'FIELD' | 'COMMON'; sourceFieldDefinitionIdentifier: string | null } => ({
        destinationContentId: target,
        type,
        sourceFieldDefinitionIdentifier: type === 'FIELD' ? 'name' : null,
      });
      const first = (await contentHandler.create(folderRecord('Reverse first', { relations: [toTarget('FIELD')] }))).contentInfo.id;
      // A never-published source does not count.
      expect(await contentHandler.loadReverseRelationList(target, 0, null)).toEqual([]);
      expect(await contentHandler.countReverseRelations(target)).toBe(0);
      await contentHandler.publish(first, 1, { name: 'Reverse first', date });
      const second = (await contentHandler.create(folderRecord('Reverse second', { relations: [toTarget('COMMON'), toTarget('FIELD')] }))).contentInfo.id;
      await contentHandler.publish(second, 1, { name: 'Reverse second', date });
      const all = await contentHandler.loadReverseRelationList(target, 0, null);
      expect(all.map((relation) => [relation.sourceContentId, relation.sourceVersionNo, relation.type])).toEqual([
        [second, 1, 'FIELD'],
        [second, 1, 'COMMON'],
        [first, 1, 'FIELD'],
      ]);
      expect(all.map((relation) => relation.id)).toEqual([...all.map((relation) => relation.id)].sort((a, b) => b - a));
      expect(all[1]).toMatchObject({ destinationContentId: target, sourceFieldDefinitionIdentifier: null });
      expect(await contentHandler.countReverseRelations(target)).toBe(3);
      expect(await contentHandler.loadReverseRelationList(target, 1, 1)).toEqual([all[1]]);
      expect(await contentHandler.loadReverseRelationList(target, 2, 5)).toEqual([all[2]]);
      expect(await contentHandler.loadReverseRelationList(target, 1, null)).toEqual(all.slice(1));
      expect(await contentHandler.loadReverseRelationList(target, 3, 5)).toEqual([]);

      // A draft copying the relations adds none; publishing it without the field relation removes the first's.
      const draft = await contentHandler.createDraft(first, 1, { creatorId: 14, date, initialLanguageCode: 'eng-GB' });
      expect(await contentHandler.countReverseRelations(target)).toBe(3);
      await contentHandler.updateDraft(first, draft.versionNo, {
        initialLanguageCode: 'eng-GB',
        languageCodes: ['eng-GB'],
        names: { 'eng-GB': 'Reverse first' },
        modificationDate: date,
        fields: [folderName('Reverse first', 'eng-GB')],
        fieldRelations: [],
      });
      await contentHandler.publish(first, draft.versionNo, { name: 'Reverse first', date });
      expect((await contentHandler.loadReverseRelationList(target, 0, null)).map((relation) => relation.sourceContentId)).toEqual([second, second]);
      expect(await contentHandler.countReverseRelations(target)).toBe(2);
      expect(await contentHandler.countReverseRelations(999_999)).toBe(0);
    });

    it('deletes an item with its versions, relations in both directions and pending locations', async () => {
      const { contentHandler } = store();
      const target = (await contentHandler.create(folderRecord('Target'))).contentInfo.id;
      const source = (
        await contentHandler.create(
          folderRecord('Source', {
            relations: [{ destinationContentId: target, type: 'FIELD', sourceFieldDefinitionIdentifier: 'name' }],
            pendingLocations: [pending(2)],
          }),
        )
      ).contentInfo.id;
      await contentHandler.deleteContent(target);
      expect(await contentHandler.loadContentInfo(target)).toBeNull();
      expect(await contentHandler.loadRelations(source, 1)).toEqual([]);
      await contentHandler.deleteContent(source);
      expect(await contentHandler.loadVersionInfoList(source)).toEqual([]);
      expect(await contentHandler.loadPendingLocations(source)).toEqual([]);
    });

    it('updates metadata columns and leaves the others', async () => {
      const { contentHandler } = store();
      const id = (await contentHandler.create(folderRecord('Meta'))).contentInfo.id;
      const updated = await contentHandler.updateMetadata(id, {
        ownerId: 10,
        sectionId: 3,
        alwaysAvailable: false,
        mainLanguageCode: 'pol-PL',
        name: 'Renamed',
        modificationDate: at('2024-05-05T05:05:05Z'),
        isHidden: true,
      });
      expect(updated).toMatchObject({ ownerId: 10, sectionId: 3, alwaysAvailable: false, mainLanguageCode: 'pol-PL', name: 'Renamed', isHidden: true, contentTypeId: 1 });
      expect(updated.modificationDate.toISOString()).toBe('2024-05-05T05:05:05.000Z');
      expect(await contentHandler.loadContentInfo(id)).toEqual(updated);
    });

    it('copies all versions, or one version as version 1', async () => {
      const { contentHandler } = store();
      const id = (await contentHandler.create(folderRecord('Original'))).contentInfo.id;
      await contentHandler.publish(id, 1, { name: 'Original', date: at('2024-01-01T00:00:00Z') });
      await contentHandler.createDraft(id, 1, { creatorId: 14, date: at('2024-01-02T00:00:00Z'), initialLanguageCode: 'eng-GB' });

      const all = await contentHandler.copy(id, { versionNo: null, remoteId: unique('copy'), date: at('2024-06-01T00:00:00Z'), pendingLocations: [pending(2)] });
      expect(all.id).not.toBe(id);
      expect(all).toMatchObject({ status: 'PUBLISHED', currentVersionNo: 1, mainLocationId: null, name: 'Original' });
      expect((await contentHandler.loadVersionInfoList(all.id)).map((version) => [version.versionNo, version.status])).toEqual([
        [1, 'PUBLISHED'],
        [2, 'DRAFT'],
      ]);
      const originalField = (await contentHandler.load(id, 1))?.fields[0];
      const copiedField = (await contentHandler.load(all.id, 1))?.fields[0];
      expect(copiedField?.data).toBe('Original');
      expect(copiedField?.id).not.toBe(originalField?.id);
      expect(await contentHandler.loadPendingLocations(all.id)).toHaveLength(1);

      const one = await contentHandler.copy(id, { versionNo: 2, remoteId: unique('copy'), date: at('2024-06-01T00:00:00Z'), pendingLocations: [] });
      expect(one).toMatchObject({ status: 'DRAFT', currentVersionNo: 1 });
      expect((await contentHandler.loadVersionInfoList(one.id)).map((version) => [version.versionNo, version.status])).toEqual([[1, 'DRAFT']]);
    });
  });
}
