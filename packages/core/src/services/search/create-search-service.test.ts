import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import { createTestRepository, type TestRepository } from '../../testing/test-repository.js';

describe('SearchService', () => {
  let repo: TestRepository;
  let admin: Repository;
  let news: number;
  let polish: number;
  let media: number;

  const publish = async (name: string, parentLocationId: number, extra: { sectionId?: number; alwaysAvailable?: boolean; polish?: string } = {}) => {
    const draft = await admin.contentService.createContent(
      {
        contentTypeId: 1,
        mainLanguageCode: 'eng-GB',
        fields: [
          { fieldDefIdentifier: 'name', value: name },
          ...(extra.polish === undefined ? [] : [{ fieldDefIdentifier: 'name', languageCode: 'pol-PL', value: extra.polish }]),
        ],
        ...(extra.sectionId === undefined ? {} : { sectionId: extra.sectionId }),
        ...(extra.alwaysAvailable === undefined ? {} : { alwaysAvailable: extra.alwaysAvailable }),
      },
      [{ parentLocationId }],
    );
    return (await admin.contentService.publishVersion(draft.contentInfo.id, 1)).contentInfo.id;
  };

  beforeAll(async () => {
    repo = await createTestRepository({ languages: ['pol-PL'] });
    admin = repo.admin;
    news = await publish('Victory news', 2);
    polish = await publish('Bilingual', 2, { polish: 'Dwujęzyczny', alwaysAvailable: false });
    media = await publish('Media victory', 43, { sectionId: 3 });
  });

  it('finds content with the defaults (limit 25, offset 0), in order, with null scores and a time', async () => {
    const result = await admin.searchService.findContent({ sortClauses: [{ type: 'ContentId', direction: 'descending' }] });
    expect(result.totalCount).toBe(15);
    expect(result.hits.map((hit) => hit.value.contentInfo.id).slice(0, 3)).toEqual([media, polish, news]);
    expect(result.hits[0]).toMatchObject({ score: null, index: null });
    expect(result).toMatchObject({ maxScore: null, timedOut: false });
    expect(result.time).toBeGreaterThanOrEqual(0);
    const page = await admin.searchService.findContentInfo({ offset: 1, limit: 2, sortClauses: [{ type: 'ContentId', direction: 'ascending' }] });
    expect(page.hits.map((hit) => hit.value.id)).toEqual([4, 10]);
    expect(page.totalCount).toBe(15);
  });

  it('ANDs filter and query and resolves content type identifiers', async () => {
    const result = await admin.searchService.findContentInfo({
      filter: { type: 'ContentTypeIdentifier', values: ['folder'] },
      query: { type: 'FullText', value: 'victory' },
      sortClauses: [{ type: 'ContentId', direction: 'ascending' }],
    });
    expect(result.hits.map((hit) => hit.value.id)).toEqual([news, media]);
  });

  it('matches nothing for unknown content type identifiers instead of failing (Ibexa 4.6), unknown sections alike', async () => {
    const folders = await admin.searchService.findContentInfo({ filter: { type: 'ContentTypeIdentifier', values: ['folder'] }, limit: 100 });
    expect(folders.totalCount).toBeGreaterThan(0);
    const unknown = await admin.searchService.findContentInfo({ filter: { type: 'ContentTypeIdentifier', values: ['news'] } });
    expect(unknown).toMatchObject({ totalCount: 0, hits: [] });
    const mixed = await admin.searchService.findContentInfo({ filter: { type: 'ContentTypeIdentifier', values: ['news', 'folder'] }, limit: 100 });
    expect(mixed.hits.map((hit) => hit.value.id)).toEqual(folders.hits.map((hit) => hit.value.id));
    const notNews = await admin.searchService.findLocations({ filter: { type: 'LogicalNot', criterion: { type: 'ContentTypeIdentifier', values: ['news'] } }, limit: 0 });
    expect(notNews.totalCount).toBeGreaterThan(0);
    expect((await admin.searchService.findContentInfo({ filter: { type: 'SectionIdentifier', values: ['nope'] } })).totalCount).toBe(0);
  });

  it('never returns what the user may not read: anonymous sees section 1 only', async () => {
    const result = await repo.anonymous.searchService.findContentInfo({ filter: { type: 'FullText', value: 'victory' } });
    expect(result.hits.map((hit) => hit.value.id)).toEqual([news]);
    const all = await repo.anonymous.searchService.findContentInfo({ limit: 100 });
    expect(all.hits.every((hit) => hit.value.sectionId === 1)).toBe(true);
    const locations = await repo.anonymous.searchService.findLocations({ filter: { type: 'ParentLocationId', values: [43] } });
    expect(locations.totalCount).toBe(0);
  });

  it('finds locations as Location values, with location sort clauses', async () => {
    const result = await admin.searchService.findLocations({
      filter: { type: 'ParentLocationId', values: [2] },
      sortClauses: [{ type: 'LocationId', direction: 'descending' }],
    });
    expect(result.hits.map((hit) => hit.value.contentInfo.id)).toEqual([polish, news]);
    expect(result.hits[0]?.value.parentLocationId).toBe(2);
  });

  it('restricts hits and fields to the filter languages, always-available items included', async () => {
    const result = await admin.searchService.findContent({ sortClauses: [{ type: 'ContentId', direction: 'ascending' }], limit: 50 }, { languages: ['pol-PL'] });
    expect(result.totalCount).toBe(15);
    const bilingual = result.hits.find((hit) => hit.value.contentInfo.id === polish)?.value;
    expect(bilingual?.fields.map((field) => field.languageCode)).toEqual(['pol-PL', 'pol-PL', 'pol-PL', 'pol-PL']);
    const strict = await admin.searchService.findContentInfo({}, { languages: ['pol-PL'], useAlwaysAvailable: false });
    expect(strict.hits.map((hit) => hit.value.id)).toEqual([polish]);
    const english = await admin.searchService.findContent({ filter: { type: 'ContentId', values: [news] } }, { languages: ['eng-GB'] });
    expect(english.hits[0]?.value.fields.every((field) => field.languageCode === 'eng-GB')).toBe(true);
  });

  it('validates queries before running them', async () => {
    const { searchService } = admin;
    await expect(searchService.findContent({ filter: { type: 'LocationDepth', operator: 'EQ', values: [1] } })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(searchService.findContent({ sortClauses: [{ type: 'LocationPriority', direction: 'ascending' }] })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(searchService.findContent({ filter: { type: 'Field', target: 'nope', operator: 'EQ', values: ['x'] } })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(searchService.findContent({}, { languages: ['ger-DE'] })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(searchService.findContent({ limit: -1 })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(searchService.findContent({ offset: 1.5 })).rejects.toMatchObject({ code: 'InvalidArgument' });
  });

  it('finds a single item, or says why not', async () => {
    expect((await admin.searchService.findSingle({ type: 'ContentId', values: [news] })).contentInfo.name).toBe('Victory news');
    await expect(admin.searchService.findSingle({ type: 'ContentId', values: [999] })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(admin.searchService.findSingle({ type: 'ContentId', values: [news, media] })).rejects.toMatchObject({ code: 'InvalidArgument' });
    await expect(repo.anonymous.searchService.findSingle({ type: 'ContentId', values: [media] })).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('loads hits in batches and counts children in one call for unrestricted readers', async () => {
    const { contentHandler, locationHandler } = repo.persistence;
    const loadList = jest.spyOn(contentHandler, 'loadCurrentList');
    const loadOne = jest.spyOn(contentHandler, 'load');
    const countChildren = jest.spyOn(locationHandler, 'countChildren');
    try {
      await admin.searchService.findContent({ limit: 10 });
      expect(loadList).toHaveBeenCalledTimes(1);
      expect(loadOne).not.toHaveBeenCalled();
      const counts = await admin.searchService.countLocationChildren([2, 43, 5, 2]);
      expect(countChildren).toHaveBeenCalledTimes(1);
      expect(Object.fromEntries(counts)).toEqual({ 2: 2, 43: 4, 5: 4 });
      const anonymous = await repo.anonymous.searchService.countLocationChildren([2, 43]);
      expect(Object.fromEntries(anonymous)).toEqual({ 2: 2, 43: 0 });
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('resolves against content types cached between searches and dropped by content type writes', async () => {
    const loadContentTypes = jest.spyOn(repo.persistence.contentTypeHandler, 'loadContentTypes');
    try {
      for (const identifier of ['folder', 'user_group', 'folder']) {
        await admin.searchService.findContentInfo({ filter: { type: 'ContentTypeIdentifier', values: [identifier] }, limit: 1 });
      }
      expect(loadContentTypes.mock.calls.length).toBeLessThanOrEqual(1);
      const filter = { type: 'Field', target: 'gadget_weight', operator: 'GT', values: [1] } as const;
      await expect(admin.searchService.findContent({ filter })).rejects.toMatchObject({ code: 'InvalidArgument' });
      const draft = await admin.contentTypeService.createContentType(
        {
          identifier: 'gadget',
          mainLanguageCode: 'eng-GB',
          names: { 'eng-GB': 'Gadget' },
          nameSchema: '<title>',
          fieldDefinitions: [
            { identifier: 'title', fieldTypeIdentifier: 'ezstring', names: { 'eng-GB': 'Title' } },
            { identifier: 'gadget_weight', fieldTypeIdentifier: 'ezinteger', names: { 'eng-GB': 'Weight' } },
          ],
        },
        [1],
      );
      await admin.contentTypeService.publishContentTypeDraft(draft.id);
      const created = await admin.contentService.createContent(
        { contentTypeId: draft.id, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'title', value: 'Scale' }, { fieldDefIdentifier: 'gadget_weight', value: 5 }] },
        [{ parentLocationId: 2 }],
      );
      await admin.contentService.publishVersion(created.contentInfo.id, 1);
      const byType = await admin.searchService.findContentInfo({ filter: { type: 'ContentTypeIdentifier', values: ['gadget'] } });
      expect(byType.hits.map((hit) => hit.value.id)).toEqual([created.contentInfo.id]);
      expect((await admin.searchService.findContentInfo({ filter })).hits.map((hit) => hit.value.id)).toEqual([created.contentInfo.id]);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
