import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import { BadStateError, InvalidArgumentError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import { publishFolder } from '../../testing/content-builders.js';
import { createTestRepository } from '../../testing/test-repository.js';

describe('SectionService', () => {
  let admin: Repository;
  let anonymous: Repository;
  beforeEach(async () => {
    ({ admin, anonymous } = await createTestRepository());
  });

  it('creates, updates and deletes sections; identifiers are unique (REST 403)', async () => {
    const created = await admin.sectionService.createSection({ identifier: 'news', name: 'News' });
    expect(await admin.sectionService.loadSectionByIdentifier('news')).toEqual(created);
    await expect(admin.sectionService.createSection({ identifier: 'media', name: 'Media 2' })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.sectionService.createSection({ identifier: '', name: 'Empty' })).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(await admin.sectionService.updateSection(created.id, { name: 'Latest news' })).toEqual({ ...created, name: 'Latest news' });
    await expect(admin.sectionService.updateSection(created.id, { identifier: 'users' })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.sectionService.updateSection(999, { name: 'x' })).rejects.toBeInstanceOf(NotFoundError);
    await admin.sectionService.deleteSection(created.id);
    await expect(admin.sectionService.loadSection(created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('assigns content and refuses to delete a section in use (BadState section.inUse)', async () => {
    const section = await admin.sectionService.createSection({ identifier: 'archive', name: 'Archive' });
    const folder = await publishFolder(admin, 'Archived', 2);
    await admin.sectionService.assignSection(folder.contentId, section.id);
    expect((await admin.contentService.loadContentInfo(folder.contentId)).sectionId).toBe(section.id);
    expect(await admin.sectionService.countAssignedContents(section.id)).toBe(1);
    expect(await admin.sectionService.isSectionUsed(section.id)).toBe(true);
    await expect(admin.sectionService.deleteSection(section.id)).rejects.toMatchObject({ code: 'BadState', reason: 'section.inUse' });
    await expect(admin.sectionService.deleteSection(section.id)).rejects.toBeInstanceOf(BadStateError);
    await expect(admin.sectionService.assignSection(folder.contentId, 999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('checks section/edit and section/assign', async () => {
    await expect(anonymous.sectionService.createSection({ identifier: 'anon', name: 'Anon' })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(anonymous.sectionService.deleteSection(3)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(anonymous.sectionService.assignSection(1, 3)).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
