import { beforeEach, describe, expect, it } from '@jest/globals';
import type { ContentTypeCreateStruct, FieldDefinitionCreateStruct } from '../../api/structs/content-type-structs.js';
import { ContentTypeValidationError } from '../../errors/content-type-validation-error.js';
import { BadStateError, InvalidArgumentError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import { createTestRepository, type TestRepository } from '../../testing/test-repository.js';

const title: FieldDefinitionCreateStruct = { identifier: 'title', fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': 'Title' }, isRequired: true };
const struct = (identifier: string, overrides: Partial<ContentTypeCreateStruct> = {}): ContentTypeCreateStruct => ({
  identifier,
  mainLanguageCode: 'eng-GB',
  names: { 'eng-GB': identifier },
  nameSchema: '<title>',
  fieldDefinitions: [title],
  ...overrides,
});

describe('ContentTypeService writes (Ibexa semantics)', () => {
  let repo: TestRepository;
  beforeEach(async () => {
    repo = await createTestRepository({ languages: ['pol-PL'] });
  });
  const service = () => repo.admin.contentTypeService;

  it('creates a draft with Ibexa defaults, canonical field type identifiers and default values from fromHash', async () => {
    const { nameSchema: _nameSchema, ...withoutSchema } = struct('event', {
      fieldDefinitions: [title, { identifier: 'guests', fieldTypeIdentifier: 'ibexa_integer', defaultValue: '12' }],
    });
    const draft = await service().createContentType(withoutSchema, [1, 3]);
    expect(draft.nameSchema).toBe('<title>');
    expect(draft).toMatchObject({ status: 'DRAFT', groupIds: [1, 3], defaultAlwaysAvailable: true, isContainer: false, defaultSortField: 'PATH', creatorId: 14 });
    expect(draft.remoteId).toMatch(/^[0-9a-f]{32}$/);
    expect(draft.fieldDefinitions.map((d) => [d.identifier, d.fieldTypeIdentifier, d.position, d.defaultValue])).toEqual([
      ['title', 'ezstring', 1, ''],
      ['guests', 'ezinteger', 2, 12],
    ]);
    expect(draft.fieldDefinitions[0]?.validatorConfiguration).toEqual({ StringLengthValidator: { minStringLength: 0, maxStringLength: null } });
    await expect(service().loadContentType(draft.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await service().loadContentTypeDraft(draft.id)).identifier).toBe('event');
  });

  it('validates create structs: duplicates, groups, languages and field definitions', async () => {
    await expect(service().createContentType(struct('folder'), [1])).rejects.toThrow("Another ContentType with identifier 'folder' exists");
    await service().createContentType(struct('pending'), [1]);
    await expect(service().createContentType(struct('pending'), [1])).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(service().createContentType(struct('x', { remoteId: 'a3d405b81be900468eb153d774f4f0d2' }), [1])).rejects.toThrow('remoteId');
    await expect(service().createContentType(struct('x'), [])).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(service().createContentType(struct('x'), [99])).rejects.toBeInstanceOf(NotFoundError);
    await expect(service().createContentType(struct('x', { mainLanguageCode: 'ger-DE' }), [1])).rejects.toBeInstanceOf(NotFoundError);
    const failure = await service()
      .createContentType(
        struct('x', {
          fieldDefinitions: [
            title,
            title,
            { identifier: 'a', fieldTypeIdentifier: 'nope' },
            { identifier: 'b', fieldTypeIdentifier: 'ezstring', validatorConfiguration: { StringLengthValidator: { minStringLength: -1 } } },
            { identifier: 'c', fieldTypeIdentifier: 'ezuser', isSearchable: true },
          ],
        }),
        [1],
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ContentTypeValidationError);
    expect(failure).toBeInstanceOf(InvalidArgumentError);
    expect((failure as ContentTypeValidationError).failures.map((f) => f.fieldDefinitionIdentifier)).toEqual(['title', 'a', 'b', 'c']);
    expect((await service().loadAllContentTypes()).map((type) => type.identifier)).not.toContain('x');
  });

  it.each([
    ['createContentTypeDraft on a type with a draft', async (id: number) => {
      await service().publishContentTypeDraft(id);
      await service().createContentTypeDraft(id);
      return service().createContentTypeDraft(id);
    }, BadStateError, 'contentType.draftExists'],
    ['publishContentTypeDraft without field definitions', async (id: number) => {
      await Promise.all((await service().loadContentTypeDraft(id)).fieldDefinitions.map((d) => service().removeFieldDefinition(id, d.id)));
      return service().publishContentTypeDraft(id);
    }, BadStateError, 'contentType.noFieldDefinitions'],
    ['addFieldDefinition with a taken identifier', async (id: number) => service().addFieldDefinition(id, title), InvalidArgumentError, undefined],
    ['updateFieldDefinition of an unknown definition', async (id: number) => service().updateFieldDefinition(id, 999, {}), NotFoundError, undefined],
    ['updateContentTypeDraft to a taken identifier', async (id: number) => service().updateContentTypeDraft(id, { identifier: 'article' }), InvalidArgumentError, undefined],
  ])('refuses %s', async (_name, operation, errorClass, reason) => {
    const { id } = await service().createContentType(struct('lifecycle'), [1]);
    const error = await operation(id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(errorClass);
    if (reason !== undefined) expect(error).toMatchObject({ reason });
  });

  it('runs the draft lifecycle of a published type: draft, edit, publish, delete draft, copy, delete', async () => {
    const { id } = await service().publishContentTypeDraft((await service().createContentType(struct('lifecycle'), [1])).id);
    await expect(service().updateContentTypeDraft(id, { isContainer: true })).rejects.toBeInstanceOf(NotFoundError);
    const draft = await service().createContentTypeDraft(id);
    expect(draft).toMatchObject({ id, status: 'DRAFT' });
    await service().updateContentTypeDraft(id, { names: { 'eng-GB': 'Renamed' }, isContainer: true });
    expect((await service().loadContentType(id)).isContainer).toBe(false);
    const published = await service().publishContentTypeDraft(id);
    expect(published).toMatchObject({ status: 'DEFINED', isContainer: true, names: { 'eng-GB': 'Renamed' } });
    await service().createContentTypeDraft(id);
    await service().deleteContentTypeDraft(id);
    await expect(service().loadContentTypeDraft(id)).rejects.toBeInstanceOf(NotFoundError);
    const copy = await service().copyContentType(id);
    expect(copy).toMatchObject({ identifier: `copy_of_lifecycle_${copy.id}`, status: 'DEFINED', groupIds: [1] });
    expect(copy.remoteId).not.toBe(published.remoteId);
    expect(copy.fieldDefinitions[0]?.id).not.toBe(published.fieldDefinitions[0]?.id);
    await service().deleteContentType(copy.id);
    await expect(service().loadContentType(copy.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(service().deleteContentType(1)).rejects.toMatchObject({ reason: 'contentType.hasContent' });
  });

  it('updates existing content when a published type changes: every version and translation, in one transaction', async () => {
    const type = await service().publishContentTypeDraft(
      (await service().createContentType(struct('note', { fieldDefinitions: [title, { identifier: 'body', fieldTypeIdentifier: 'eztext' }] }), [1])).id,
    );
    const { contentService, searchService } = repo.admin;
    const created = await contentService.createContent(
      {
        contentTypeId: type.id,
        mainLanguageCode: 'eng-GB',
        fields: [
          { fieldDefIdentifier: 'title', value: 'Hello' },
          { fieldDefIdentifier: 'title', languageCode: 'pol-PL', value: 'Cześć' },
          { fieldDefIdentifier: 'body', value: 'Text' },
        ],
      },
      [{ parentLocationId: 2 }],
    );
    const contentId = created.contentInfo.id;
    await contentService.publishVersion(contentId, 1);
    await contentService.createContentDraft(contentId);

    await service().createContentTypeDraft(type.id);
    await service().addFieldDefinition(type.id, { identifier: 'priority', fieldTypeIdentifier: 'ezinteger', defaultValue: 3, isTranslatable: false });
    const body = type.fieldDefinitions.find((d) => d.identifier === 'body');
    await service().removeFieldDefinition(type.id, body?.id ?? 0);
    const titleId = type.fieldDefinitions.find((d) => d.identifier === 'title')?.id;
    await service().updateFieldDefinition(type.id, titleId ?? 0, { identifier: 'heading' });
    const published = await service().publishContentTypeDraft(type.id);
    expect(published.fieldDefinitions.find((d) => d.identifier === 'heading')?.id).toBe(titleId);

    for (const versionNo of [1, 2]) {
      const content = await contentService.loadContent(contentId, { versionNo });
      expect(content.fields.map((f) => [f.fieldDefIdentifier, f.languageCode, f.value]).sort()).toEqual([
        ['heading', 'eng-GB', 'Hello'],
        ['heading', 'pol-PL', 'Cześć'],
        ['priority', 'eng-GB', 3],
        ['priority', 'pol-PL', 3],
      ]);
    }
    const hits = await searchService.findContentInfo({ filter: { type: 'Field', target: 'priority', operator: 'EQ', values: [3] } });
    expect(hits.totalCount).toBe(1);
    const removed = await searchService.findContentInfo({ filter: { type: 'FullText', value: 'Text' } });
    expect(removed.totalCount).toBe(0);
  });

  it('manages groups and links with Ibexa rules', async () => {
    const group = await service().createContentTypeGroup({ identifier: 'Extra' });
    expect(group).toMatchObject({ identifier: 'Extra', creatorId: 14, isSystem: false });
    await expect(service().createContentTypeGroup({ identifier: 'Content' })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(service().updateContentTypeGroup(group.id, { identifier: 'Media' })).rejects.toBeInstanceOf(InvalidArgumentError);
    expect((await service().updateContentTypeGroup(group.id, { identifier: 'More' })).identifier).toBe('More');
    await service().assignContentTypeGroup(1, group.id);
    await expect(service().assignContentTypeGroup(1, group.id)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(service().deleteContentTypeGroup(group.id)).rejects.toMatchObject({ reason: 'group.notEmpty' });
    await service().unassignContentTypeGroup(1, 1);
    await expect(service().unassignContentTypeGroup(1, group.id)).rejects.toBeInstanceOf(BadStateError);
    await expect(service().unassignContentTypeGroup(1, 3)).rejects.toBeInstanceOf(InvalidArgumentError);
    expect((await service().loadContentType(1)).groupIds).toEqual([group.id]);
  });

  it('requires class/create, class/update and class/delete', async () => {
    const anonymous = repo.anonymous.contentTypeService;
    const { id } = await service().createContentType(struct('guarded'), [1]);
    const calls: [string, () => Promise<unknown>][] = [
      ['create', () => anonymous.createContentType(struct('nope'), [1])],
      ['create', () => anonymous.createContentTypeGroup({ identifier: 'Nope' })],
      ['create', () => anonymous.copyContentType(1)],
      ['create', () => anonymous.createContentTypeDraft(1)],
      ['update', () => anonymous.updateContentTypeDraft(id, {})],
      ['update', () => anonymous.addFieldDefinition(id, { identifier: 'x', fieldTypeIdentifier: 'ezstring' })],
      ['update', () => anonymous.publishContentTypeDraft(id)],
      ['update', () => anonymous.assignContentTypeGroup(1, 2)],
      ['delete', () => anonymous.deleteContentType(1)],
      ['delete', () => anonymous.deleteContentTypeDraft(id)],
      ['delete', () => anonymous.deleteContentTypeGroup(1)],
    ];
    for (const [func, call] of calls) {
      await expect(call()).rejects.toEqual(new UnauthorizedError('class', func));
    }
    expect((await service().loadContentTypeDraft(id)).fieldDefinitions).toHaveLength(1);
  });

  it('finds types by criteria with sort clauses and paging', async () => {
    const result = await service().findContentTypes({
      criterion: { type: 'LogicalAnd', criteria: [{ type: 'ContentTypeGroupId', values: [1, 2] }, { type: 'LogicalNot', criterion: { type: 'ContentTypeIdentifier', values: ['user'] } }] },
      sortClauses: [{ target: 'Identifier', direction: 'descending' }],
      limit: 2,
    });
    expect(result.totalCount).toBe(3);
    expect(result.items.map((type) => type.identifier)).toEqual(['user_group', 'folder']);
    expect((await service().findContentTypes({ criterion: { type: 'IsSystem', value: true } })).totalCount).toBe(0);
    await expect(service().findContentTypes({ offset: -1 })).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('finds types by group identifier case-insensitively, ordered by id', async () => {
    const identifiers = async (values: string[]): Promise<string[]> =>
      (await service().findContentTypes({ criterion: { type: 'ContentTypeGroupName', values } })).items.map((type) => type.identifier);
    expect(await identifiers(['media'])).toEqual(['image', 'file']);
    expect(await identifiers(['MEDIA', 'content'])).toEqual(['folder', 'article', 'image', 'file']);
    expect(await identifiers(['nope'])).toEqual([]);
  });
});
