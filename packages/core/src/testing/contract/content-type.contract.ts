import type { NewField } from '../../spi/content-handler.js';
import type { NewStoredContentType, StoredFieldDefinition } from '../../spi/content-type-handler.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import { at, folderRecord, type PersistenceUnderTest, seededStore, unique } from './fixtures.js';
import { testFieldDefinition } from '../test-field-definition.js';
import type { TestRunner } from '../test-runner.js';

/** A new type with a `title` field in the Content group. */
function newType(identifier: string, overrides: Partial<NewStoredContentType> = {}): NewStoredContentType {
  return {
    identifier,
    remoteId: unique('type'),
    names: { 'eng-GB': identifier },
    descriptions: {},
    creationDate: at('2024-02-01T10:00:00Z'),
    modificationDate: at('2024-02-01T10:00:00Z'),
    creatorId: 14,
    modifierId: 14,
    urlAliasSchema: '',
    nameSchema: '<title>',
    isContainer: false,
    mainLanguageCode: 'eng-GB',
    defaultAlwaysAvailable: true,
    defaultSortField: 'PATH',
    defaultSortOrder: 'ASC',
    groupIds: [1],
    fieldDefinitions: [testFieldDefinition('title')],
    ...overrides,
  };
}

/** Creates and publishes a type; returns it. */
async function publishedType(persistence: PersistenceHandler, identifier: string, overrides: Partial<NewStoredContentType> = {}) {
  const draft = await persistence.contentTypeHandler.createDraft(newType(identifier, overrides));
  return persistence.contentTypeHandler.publishDraft(draft.id);
}

/** Contract of the ContentTypeHandler writes and of the content following a type change. */
export function contentTypeContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('ContentTypeHandler writes', () => {
    const store = seededStore(runner, create);

    it('creates, updates, counts and deletes groups with new ids', async () => {
      const { contentTypeHandler } = store();
      const group = await contentTypeHandler.createGroup({
        identifier: 'Blog', creationDate: at('2024-02-01T10:00:00Z'), modificationDate: at('2024-02-01T10:00:00Z'), creatorId: 14, modifierId: 14, isSystem: false,
      });
      expect(group.id).toBeGreaterThan(3);
      expect(await contentTypeHandler.loadGroup(group.id)).toEqual(group);
      const updated = { ...group, identifier: 'Blogs', modificationDate: at('2024-02-02T10:00:00Z'), modifierId: 10 };
      await contentTypeHandler.updateGroup(updated);
      expect(await contentTypeHandler.loadGroupByIdentifier('Blogs')).toEqual(updated);
      expect(await contentTypeHandler.countTypesInGroup(group.id)).toBe(0);
      expect(await contentTypeHandler.countTypesInGroup(3)).toBe(2);
      await contentTypeHandler.deleteGroup(group.id);
      expect(await contentTypeHandler.loadGroup(group.id)).toBeNull();
    });

    it('creates a draft that only draft reads see, then publishes it with its groups', async () => {
      const { contentTypeHandler } = store();
      const draft = await contentTypeHandler.createDraft(newType('blog_post', { groupIds: [3, 1], fieldDefinitions: [testFieldDefinition('title'), testFieldDefinition('body', { position: 2 })] }));
      expect(draft).toMatchObject({ status: 'DRAFT', identifier: 'blog_post', groupIds: [1, 3], nameSchema: '<title>' });
      expect(draft.id).toBeGreaterThan(12);
      expect(draft.fieldDefinitions.map((d) => d.identifier)).toEqual(['title', 'body']);
      expect(new Set(draft.fieldDefinitions.map((d) => d.id)).size).toBe(2);
      expect(await contentTypeHandler.load(draft.id)).toBeNull();
      expect(await contentTypeHandler.loadByIdentifier('blog_post')).toBeNull();
      expect(await contentTypeHandler.findTypeIds('identifier', 'blog_post')).toEqual([draft.id]);
      expect(await contentTypeHandler.findTypeIds('remoteId', draft.remoteId)).toEqual([draft.id]);
      expect(await contentTypeHandler.countTypesInGroup(3)).toBe(3);

      const published = await contentTypeHandler.publishDraft(draft.id);
      expect(published).toEqual({ ...draft, status: 'DEFINED' });
      expect(await contentTypeHandler.loadDraft(draft.id)).toBeNull();
      expect(await contentTypeHandler.load(draft.id)).toEqual(published);
      expect((await contentTypeHandler.loadContentTypes(3)).map((type) => type.identifier)).toEqual(['image', 'file', 'blog_post']);
    });

    it('edits a draft of a published type and replaces the published definitions on publish, keeping ids and groups', async () => {
      const { contentTypeHandler } = store();
      const type = await publishedType(store(), 'article_x', { fieldDefinitions: [testFieldDefinition('title'), testFieldDefinition('lead', { position: 2 })] });
      const [title, lead] = type.fieldDefinitions;
      const draft = await contentTypeHandler.createDraftFromDefined(type.id, { modifierId: 10, modificationDate: at('2024-03-01T00:00:00Z') });
      expect(draft).toEqual({ ...type, status: 'DRAFT', modifierId: 10, modificationDate: at('2024-03-01T00:00:00Z') });
      await contentTypeHandler.linkGroup(type.id, 3);

      const { id: _id, status: _status, groupIds: _groups, fieldDefinitions: _definitions, ...columns } = draft;
      const renamed = await contentTypeHandler.updateDraft(type.id, { ...columns, identifier: 'article_y', names: { 'eng-GB': 'Y' }, isContainer: true });
      expect(renamed).toMatchObject({ identifier: 'article_y', names: { 'eng-GB': 'Y' }, isContainer: true, status: 'DRAFT' });
      const added = await contentTypeHandler.addFieldDefinition(type.id, testFieldDefinition('summary', { position: 3, fieldTypeIdentifier: 'eztext', isSearchable: false }));
      expect(added.id).toBeGreaterThan(lead?.id ?? 0);
      if (!title || !lead) throw new Error('definitions missing');
      await contentTypeHandler.updateFieldDefinition(type.id, { ...title, identifier: 'heading', position: 5, fieldSettings: { a: [1] } });
      await contentTypeHandler.removeFieldDefinition(type.id, lead.id);
      expect((await contentTypeHandler.loadDraft(type.id))?.fieldDefinitions.map((d) => [d.id, d.identifier])).toEqual([
        [added.id, 'summary'],
        [title.id, 'heading'],
      ]);
      expect((await contentTypeHandler.load(type.id))?.fieldDefinitions.map((d) => d.identifier)).toEqual(['title', 'lead']);

      const published = await contentTypeHandler.publishDraft(type.id);
      expect(published).toMatchObject({ id: type.id, status: 'DEFINED', identifier: 'article_y', isContainer: true, groupIds: [1, 3], modifierId: 10 });
      expect(published.fieldDefinitions.map((d) => [d.id, d.identifier, d.position])).toEqual([
        [added.id, 'summary', 3],
        [title.id, 'heading', 5],
      ]);
      expect(published.fieldDefinitions[1]?.fieldSettings).toEqual({ a: [1] });
      expect(await contentTypeHandler.loadByIdentifier('article_x')).toBeNull();
      expect(await contentTypeHandler.loadDraft(type.id)).toBeNull();
    });

    it('links and unlinks groups, deletes drafts and types in every status, counts content', async () => {
      const persistence = store();
      const { contentTypeHandler } = persistence;
      const type = await publishedType(persistence, 'linked');
      await contentTypeHandler.linkGroup(type.id, 2);
      await contentTypeHandler.unlinkGroup(type.id, 1);
      expect((await contentTypeHandler.load(type.id))?.groupIds).toEqual([2]);
      await contentTypeHandler.createDraftFromDefined(type.id, { modifierId: 14, modificationDate: at('2024-03-01T00:00:00Z') });
      await contentTypeHandler.deleteDraft(type.id);
      expect(await contentTypeHandler.loadDraft(type.id)).toBeNull();
      expect(await contentTypeHandler.load(type.id)).not.toBeNull();
      expect(await contentTypeHandler.countContent(1)).toBeGreaterThan(3);
      expect(await contentTypeHandler.countContent(type.id)).toBe(0);
      await contentTypeHandler.createDraftFromDefined(type.id, { modifierId: 14, modificationDate: at('2024-03-01T00:00:00Z') });
      await contentTypeHandler.deleteContentType(type.id);
      expect(await contentTypeHandler.load(type.id)).toBeNull();
      expect(await contentTypeHandler.loadDraft(type.id)).toBeNull();
      expect(await contentTypeHandler.findTypeIds('identifier', 'linked')).toEqual([]);
    });
  });

  describe('ContentHandler following a type change', () => {
    const store = seededStore(runner, create);

    it('adds fields to every version and language, removes and renames fields and FIELD relations', async () => {
      const persistence = store();
      const { contentHandler } = persistence;
      const type = await publishedType(persistence, 'evolving', { fieldDefinitions: [testFieldDefinition('title'), testFieldDefinition('lead', { position: 2 })] });
      const [title, lead] = type.fieldDefinitions;
      if (!title || !lead) throw new Error('definitions missing');
      const field = (d: StoredFieldDefinition, data: string, languageCode: string): NewField => ({
        fieldDefinitionId: d.id, fieldDefIdentifier: d.identifier, fieldTypeIdentifier: 'ezstring', languageCode, data,
      });
      const record = folderRecord('Evolving', {
        contentTypeId: type.id,
        languageCodes: ['eng-GB', 'pol-PL'],
        names: { 'eng-GB': 'Evolving', 'pol-PL': 'Ewoluujący' },
        fields: [field(title, 'T', 'eng-GB'), field(title, 'T pl', 'pol-PL'), field(lead, 'L', 'eng-GB'), field(lead, 'L pl', 'pol-PL')],
        relations: [{ destinationContentId: 1, type: 'FIELD', sourceFieldDefinitionIdentifier: 'lead' }, { destinationContentId: 4, type: 'FIELD', sourceFieldDefinitionIdentifier: 'title' }],
      });
      const contentId = (await contentHandler.create(record)).contentInfo.id;
      await contentHandler.publish(contentId, 1, { name: 'Evolving', date: at('2024-03-01T00:00:00Z') });
      await contentHandler.createDraft(contentId, 1, { creatorId: 14, date: at('2024-03-02T00:00:00Z'), initialLanguageCode: 'eng-GB' });
      const other = (await contentHandler.create(folderRecord('Other', { contentTypeId: type.id, fields: [field(title, 'O', 'eng-GB')] }))).contentInfo.id;
      const untouched = (await contentHandler.create(folderRecord('Folder'))).contentInfo.id;

      // The type gets the added definition in the same transaction (a field's definition always exists).
      const summaryId = await persistence.transaction(async (tx) => {
        await tx.contentTypeHandler.createDraftFromDefined(type.id, { modifierId: 14, modificationDate: at('2024-03-03T00:00:00Z') });
        const summary = await tx.contentTypeHandler.addFieldDefinition(type.id, testFieldDefinition('summary', { fieldTypeIdentifier: 'eztext', position: 3 }));
        await tx.contentTypeHandler.publishDraft(type.id);
        await tx.contentHandler.applyFieldDefinitionChanges(type.id, {
          added: [{ fieldDefinitionId: summary.id, fieldDefIdentifier: 'summary', fieldTypeIdentifier: 'eztext', data: 'Default' }],
          removed: [{ fieldDefinitionId: lead.id, fieldDefIdentifier: 'lead' }],
          renamed: [{ fieldDefinitionId: title.id, from: 'title', to: 'heading' }],
        });
        return summary.id;
      });

      const fieldsOf = async (id: number, versionNo: number) =>
        ((await contentHandler.load(id, versionNo))?.fields ?? [])
          .map((f) => [f.fieldDefIdentifier, f.languageCode, f.data] as const)
          .sort((a, b) => (a.join('/') < b.join('/') ? -1 : 1));
      const expected = [['heading', 'eng-GB', 'T'], ['heading', 'pol-PL', 'T pl'], ['summary', 'eng-GB', 'Default'], ['summary', 'pol-PL', 'Default']];
      expect(await fieldsOf(contentId, 1)).toEqual(expected);
      expect(await fieldsOf(contentId, 2)).toEqual(expected);
      expect(await fieldsOf(other, 1)).toEqual([['heading', 'eng-GB', 'O'], ['summary', 'eng-GB', 'Default']]);
      expect((await fieldsOf(untouched, 1)).map(([identifier]) => identifier)).toEqual(['name']);

      const summaryIds = async (versionNo: number) =>
        ((await contentHandler.load(contentId, versionNo))?.fields ?? []).filter((f) => f.fieldDefinitionId === summaryId).map((f) => [f.languageCode, f.id]);
      const first = await summaryIds(1);
      expect(await summaryIds(2)).toEqual(first);
      expect(new Set(first.map(([, id]) => id)).size).toBe(2);
      expect((await contentHandler.loadRelations(contentId, 1)).map((r) => [r.destinationContentId, r.sourceFieldDefinitionIdentifier])).toEqual([[4, 'heading']]);
      expect((await contentHandler.loadRelations(contentId, 2)).map((r) => r.sourceFieldDefinitionIdentifier)).toEqual(['heading']);

      expect(await contentHandler.loadPublishedIdsOfType(type.id)).toEqual([contentId]);
      const fresh = await contentHandler.create(folderRecord('Fresh', { contentTypeId: type.id, fields: [field({ ...title, identifier: 'heading' }, 'F', 'eng-GB')] }));
      expect(fresh.fields.every((f) => f.id > Math.max(...first.map(([, id]) => Number(id))))).toBe(true);
    });
  });
}
