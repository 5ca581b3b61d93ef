import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import { BadStateError, InvalidArgumentError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import { publishFolder } from '../../testing/content-builders.js';
import { createTestRepository } from '../../testing/test-repository.js';

describe('ContentService relations, translations and visibility', () => {
  let admin: Repository;
  let anonymous: Repository;
  beforeEach(async () => {
    ({ admin, anonymous } = await createTestRepository({ languages: ['pol-PL'] }));
  });

  it('loads the relations of several versions in one call, as loadRelations gives them one by one', async () => {
    const source = await publishFolder(admin, 'Related source', 2);
    const target = await publishFolder(admin, 'Related target', 2);
    const no = (await admin.contentService.createContentDraft(source.contentId)).versionInfo.versionNo;
    await admin.contentService.addRelation(source.contentId, no, target.contentId);
    await admin.contentService.publishVersion(source.contentId, no);
    const versions = [
      await admin.contentService.loadVersionInfo(source.contentId),
      await admin.contentService.loadVersionInfo(target.contentId),
      await admin.contentService.loadVersionInfo(source.contentId, 1),
    ];
    const oneByOne = await Promise.all(versions.map((version) => admin.contentService.loadRelations(version)));
    expect(oneByOne.map((list) => list.map((relation) => relation.destinationContentId))).toEqual([[target.contentId], [], []]);
    expect(await admin.contentService.loadRelationsList(versions)).toEqual(oneByOne);
    expect(await anonymous.contentService.loadRelationsList(versions.slice(0, 2))).toEqual(oneByOne.slice(0, 2));
    // Content 4 (Users) is outside the anonymous user's sections.
    const users = await admin.contentService.loadVersionInfo(4);
    await expect(anonymous.contentService.loadRelationsList([versions[1] ?? users, users])).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it("loads the current versions of several items, readable ones only, with the fields of the filter's languages", async () => {
    const bilingual = await publishFolder(admin, 'Bilingual', 2, { 'pol-PL': 'Dwujęzyczny' });
    const draft = await admin.contentService.createContent(
      { contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Never published' }] },
      [{ parentLocationId: 2 }],
    );
    const infos = [await admin.contentService.loadContentInfo(bilingual.contentId), await admin.contentService.loadContentInfo(4), draft.contentInfo];
    const ids = (contents: readonly { readonly contentInfo: { readonly id: number } }[]): number[] => contents.map((content) => content.contentInfo.id);
    const all = await admin.contentService.loadContentListByContentInfo([...infos, infos[0] ?? draft.contentInfo]);
    expect(ids(all)).toEqual([bilingual.contentId, 4, draft.contentInfo.id]);
    expect(all[0]).toEqual(await admin.contentService.loadContent(bilingual.contentId));
    const polish = await admin.contentService.loadContentListByContentInfo(infos, { languages: ['pol-PL'] });
    expect(new Set(polish[0]?.fields.map((field) => field.languageCode))).toEqual(new Set(['pol-PL']));
    expect(polish[0]?.fields.find((field) => field.fieldDefIdentifier === 'name')?.value).toBe('Dwujęzyczny');
    // Content 4 has no Polish translation: its main language is kept.
    expect(new Set(polish[1]?.fields.map((field) => field.languageCode))).toEqual(new Set(['eng-GB']));
    // The anonymous user reads the standard section, published versions only.
    expect(ids(await anonymous.contentService.loadContentListByContentInfo(infos))).toEqual([bilingual.contentId]);
    expect(await admin.contentService.loadContentListByContentInfo([])).toEqual([]);
  });

  it('adds and deletes COMMON relations on drafts only', async () => {
    const source = await publishFolder(admin, 'Source', 2);
    const target = await publishFolder(admin, 'Target', 2);
    await expect(admin.contentService.addRelation(source.contentId, 1, target.contentId)).rejects.toBeInstanceOf(BadStateError);
    const draft = await admin.contentService.createContentDraft(source.contentId);
    const no = draft.versionInfo.versionNo;
    const relation = await admin.contentService.addRelation(source.contentId, no, target.contentId);
    expect(relation).toMatchObject({ sourceContentId: source.contentId, sourceVersionNo: no, destinationContentId: target.contentId, type: 'COMMON' });
    await expect(admin.contentService.addRelation(source.contentId, no, target.contentId)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.contentService.addRelation(source.contentId, no, 999_999)).rejects.toBeInstanceOf(NotFoundError);
    await expect(anonymous.contentService.addRelation(source.contentId, no, 1)).rejects.toBeInstanceOf(UnauthorizedError);
    await admin.contentService.publishVersion(source.contentId, no);
    expect((await admin.contentService.loadRelations(await admin.contentService.loadVersionInfo(source.contentId))).map((r) => r.destinationContentId)).toEqual([target.contentId]);
    await expect(admin.contentService.deleteRelation(source.contentId, no, target.contentId)).rejects.toBeInstanceOf(BadStateError);
    const next = (await admin.contentService.createContentDraft(source.contentId)).versionInfo.versionNo;
    await admin.contentService.deleteRelation(source.contentId, next, target.contentId);
    await expect(admin.contentService.deleteRelation(source.contentId, next, target.contentId)).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('leaves relations to items the user may not read out of the lists, and refuses to delete them', async () => {
    const source = await publishFolder(admin, 'Pointing source', 2);
    const readable = await publishFolder(admin, 'Readable target', 2);
    const no = (await admin.contentService.createContentDraft(source.contentId)).versionInfo.versionNo;
    await admin.contentService.addRelation(source.contentId, no, readable.contentId);
    // Content 4 (Users) is outside the anonymous user's sections.
    await admin.contentService.addRelation(source.contentId, no, 4);
    await admin.contentService.publishVersion(source.contentId, no);
    const destinations = async (repository: Repository, versionNo?: number): Promise<number[]> => {
      const version = await admin.contentService.loadVersionInfo(source.contentId, versionNo);
      return (await repository.contentService.loadRelations(version)).map((relation) => relation.destinationContentId).sort((a, b) => a - b);
    };
    expect(await destinations(admin)).toEqual([4, readable.contentId]);
    expect(await destinations(anonymous)).toEqual([readable.contentId]);
    const published = await admin.contentService.loadVersionInfo(source.contentId);
    expect((await anonymous.contentService.loadRelationsList([published]))[0]?.map((relation) => relation.destinationContentId)).toEqual([readable.contentId]);

    // With content/edit everywhere but read limited to its sections, the relation to Users stays.
    const role = await admin.roleService.createRole({ identifier: 'AnonymousEditor', policies: [{ module: 'content', function: 'edit' }] });
    await admin.roleService.publishRoleDraft(role.id);
    await admin.roleService.assignRoleToUser(role.id, 10);
    const editor = admin.forUser({ userId: 10 });
    const next = (await admin.contentService.createContentDraft(source.contentId)).versionInfo.versionNo;
    await expect(editor.contentService.deleteRelation(source.contentId, next, 4)).rejects.toBeInstanceOf(UnauthorizedError);
    await editor.contentService.deleteRelation(source.contentId, next, readable.contentId);
    expect(await destinations(admin, next)).toEqual([4]);
  });

  it('loads reverse relations: content/reverserelatedlist required, unreadable sources left out, published versions only', async () => {
    const target = await publishFolder(admin, 'Reverse target', 2);
    const relateAndPublish = async (contentId: number): Promise<void> => {
      const no = (await admin.contentService.createContentDraft(contentId)).versionInfo.versionNo;
      await admin.contentService.addRelation(contentId, no, target.contentId);
      await admin.contentService.publishVersion(contentId, no);
    };
    const readable = await publishFolder(admin, 'Readable source', 2);
    await relateAndPublish(readable.contentId);
    // Under Users (location 5): the Users section, which the anonymous user may not read.
    const hidden = await publishFolder(admin, 'Unreadable source', 5);
    await relateAndPublish(hidden.contentId);
    // A relation of a draft only does not count.
    const drafted = await publishFolder(admin, 'Drafted source', 2);
    const draftNo = (await admin.contentService.createContentDraft(drafted.contentId)).versionInfo.versionNo;
    await admin.contentService.addRelation(drafted.contentId, draftNo, target.contentId);
    const targetInfo = await admin.contentService.loadContentInfo(target.contentId);

    const sources = (relations: readonly { readonly sourceContentId: number }[]): number[] => relations.map((relation) => relation.sourceContentId);
    const all = await admin.contentService.loadReverseRelations(targetInfo);
    expect(sources(all)).toEqual([hidden.contentId, readable.contentId]);
    expect(all[1]).toMatchObject({ destinationContentId: target.contentId, type: 'COMMON', sourceFieldDefinitionIdentifier: null });
    expect(await admin.contentService.countReverseRelations(targetInfo)).toBe(2);
    expect(await admin.contentService.loadReverseRelationList(targetInfo, 1, 1)).toEqual({ totalCount: 2, items: [{ kind: 'relation', relation: all[1] }] });

    // Anonymous has no content/reverserelatedlist: the load throws, the list and the count are empty.
    await expect(anonymous.contentService.loadReverseRelations(targetInfo)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await anonymous.contentService.loadReverseRelationList(targetInfo)).toEqual({ totalCount: 0, items: [] });
    expect(await anonymous.contentService.countReverseRelations(targetInfo)).toBe(0);

    const role = await admin.roleService.createRole({ identifier: 'ReverseLister', policies: [{ module: 'content', function: 'reverserelatedlist' }] });
    await admin.roleService.publishRoleDraft(role.id);
    await admin.roleService.assignRoleToUser(role.id, 10);
    const lister = admin.forUser({ userId: 10 });
    expect(sources(await lister.contentService.loadReverseRelations(targetInfo))).toEqual([readable.contentId]);
    expect(await lister.contentService.loadReverseRelationList(targetInfo)).toEqual({
      totalCount: 2,
      items: [
        { kind: 'unauthorized', contentId: hidden.contentId },
        { kind: 'relation', relation: all[1] },
      ],
    });
    expect(await lister.contentService.countReverseRelations(targetInfo)).toBe(2);
    await expect(admin.contentService.loadReverseRelationList(targetInfo, -1)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.contentService.loadReverseRelationList(targetInfo, 0, 0)).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('deletes a translation from all versions: 406/409 cases, reindexing', async () => {
    const folder = await publishFolder(admin, 'Bilingual', 2, { 'pol-PL': 'Dwujęzyczny' });
    await expect(admin.contentService.deleteTranslation(folder.contentId, 'ger-DE')).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.contentService.deleteTranslation(folder.contentId, 'eng-GB')).rejects.toMatchObject({ code: 'BadState', reason: 'translation.main' });
    await expect(anonymous.contentService.deleteTranslation(folder.contentId, 'pol-PL')).rejects.toBeInstanceOf(UnauthorizedError);
    await admin.contentService.deleteTranslation(folder.contentId, 'pol-PL');
    expect((await admin.contentService.loadVersionInfo(folder.contentId)).languageCodes).toEqual(['eng-GB']);
    expect((await admin.contentService.loadContent(folder.contentId)).fields.every((field) => field.languageCode === 'eng-GB')).toBe(true);
    const found = await admin.searchService.findContent({ filter: { type: 'LogicalAnd', criteria: [{ type: 'ContentId', values: [folder.contentId] }, { type: 'LanguageCode', values: ['pol-PL'], matchAlwaysAvailable: false }] } });
    expect(found.totalCount).toBe(0);
  });

  it('deletes a translation from a draft only', async () => {
    const folder = await publishFolder(admin, 'Draft translations', 2, { 'pol-PL': 'Tłumaczenia' });
    await expect(admin.contentService.deleteTranslationFromDraft(folder.contentId, 1, 'pol-PL')).rejects.toMatchObject({ reason: 'version.notDraft' });
    const draft = (await admin.contentService.createContentDraft(folder.contentId)).versionInfo.versionNo;
    await expect(admin.contentService.deleteTranslationFromDraft(folder.contentId, draft, 'eng-GB')).rejects.toMatchObject({ reason: 'translation.main' });
    await expect(admin.contentService.deleteTranslationFromDraft(folder.contentId, draft, 'ger-DE')).rejects.toBeInstanceOf(InvalidArgumentError);
    const content = await admin.contentService.deleteTranslationFromDraft(folder.contentId, draft, 'pol-PL');
    expect(content.versionInfo.languageCodes).toEqual(['eng-GB']);
    expect((await admin.contentService.loadVersionInfo(folder.contentId, 1)).languageCodes).toEqual(['eng-GB', 'pol-PL']);
    await expect(admin.contentService.deleteTranslationFromDraft(folder.contentId, draft, 'eng-GB')).rejects.toBeInstanceOf(BadStateError);
  });

  it('hides and reveals content: every location and its subtree become invisible, then visible again', async () => {
    const folder = await publishFolder(admin, 'Hideable', 2);
    const second = await admin.locationService.createLocation(folder.contentId, { parentLocationId: 43 });
    const child = await publishFolder(admin, 'Hideable child', folder.locationId);
    await admin.contentService.hideContent(folder.contentId);
    expect((await admin.contentService.loadContentInfo(folder.contentId)).isHidden).toBe(true);
    for (const id of [folder.locationId, second.id, child.locationId]) expect((await admin.locationService.loadLocation(id)).invisible).toBe(true);
    await expect(anonymous.contentService.revealContent(folder.contentId)).rejects.toBeInstanceOf(UnauthorizedError);
    await admin.contentService.revealContent(folder.contentId);
    for (const id of [folder.locationId, second.id, child.locationId]) expect((await admin.locationService.loadLocation(id)).invisible).toBe(false);
  });
});
