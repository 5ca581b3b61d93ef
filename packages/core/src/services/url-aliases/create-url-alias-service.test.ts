import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import { md5 } from '../../domain/rules/md5.js';
import { InvalidArgumentError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import { publishFolder, renameFolder } from '../../testing/content-builders.js';
import { createTestRepository } from '../../testing/test-repository.js';

describe('URLAliasService', () => {
  let admin: Repository;
  let anonymous: Repository;
  beforeEach(async () => {
    ({ admin, anonymous } = await createTestRepository({ languages: ['pol-PL'] }));
  });
  const service = (): Repository['urlAliasService'] => admin.urlAliasService;

  it('knows the clean-install aliases, case-insensitively, with history entries', async () => {
    expect(await service().lookup('/')).toMatchObject({ id: `0-${md5('')}`, type: 'LOCATION', destination: 2, path: '/', isHistory: false });
    expect(await service().lookup('/users/administrator-users/administrator-user')).toMatchObject({
      destination: 15,
      path: '/Users/Administrator-users/Administrator-User',
      languageCodes: ['eng-GB'],
      alwaysAvailable: true,
      isCustom: false,
    });
    expect(await service().lookup('/Users/guest_accounts')).toMatchObject({ destination: 12, isHistory: true });
    expect((await service().reverseLookup(53)).path).toBe('/Media/Multimedia');
    await expect(service().lookup('/nothing/here')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('generates aliases at publication, per translation, unique among siblings', async () => {
    const folder = await publishFolder(admin, 'News & Events', 2, { 'pol-PL': 'Wiadomości' });
    const aliases = await service().listLocationAliases(folder.locationId, false);
    expect(aliases.map((alias) => [alias.path, alias.languageCodes])).toEqual([
      ['/News-Events', ['eng-GB']],
      ['/Wiadomości', ['pol-PL']],
    ]);
    expect(aliases[0]?.id).toBe(`0-${md5('news-events')}`);
    const twin = await publishFolder(admin, 'News Events', 2);
    expect((await service().reverseLookup(twin.locationId)).path).toBe('/News-Events2');
    const child = await publishFolder(admin, 'Child', folder.locationId);
    expect((await service().lookup('/News-Events/Child')).destination).toBe(child.locationId);
    expect((await service().lookup('/Wiadomości/Child')).destination).toBe(child.locationId);
    expect(await service().listLocationAliases(folder.locationId)).toEqual([]);
  });

  it('keeps history when a location is renamed or moved; the subtree follows', async () => {
    const folder = await publishFolder(admin, 'Old name', 2);
    const child = await publishFolder(admin, 'Kid', folder.locationId);
    await renameFolder(admin, folder.contentId, 'New name');
    expect((await service().reverseLookup(folder.locationId)).path).toBe('/New-name');
    expect(await service().lookup('/Old-name')).toMatchObject({ destination: folder.locationId, isHistory: true });
    expect(await service().lookup('/old-name/kid')).toMatchObject({ destination: child.locationId, isHistory: true, path: '/Old-name/Kid' });
    expect(await service().lookup('/new-name/kid')).toMatchObject({ destination: child.locationId, isHistory: false });
    await renameFolder(admin, folder.contentId, 'Old name');
    expect(await service().lookup('/Old-name')).toMatchObject({ destination: folder.locationId, isHistory: false });

    await admin.locationService.moveSubtree(folder.locationId, 43);
    expect((await service().reverseLookup(child.locationId)).path).toBe('/Media/Old-name/Kid');
    expect(await service().lookup('/Old-name/Kid')).toMatchObject({ destination: child.locationId, isHistory: true });
  });

  it('follows swaps, copies and deletions', async () => {
    const a = await publishFolder(admin, 'Alpha', 2);
    const b = await publishFolder(admin, 'Beta', 2);
    await admin.locationService.swapLocation(a.locationId, b.locationId);
    expect((await service().reverseLookup(a.locationId)).path).toBe('/Beta');
    expect((await service().reverseLookup(b.locationId)).path).toBe('/Alpha');
    const copy = await admin.locationService.copySubtree(a.locationId, 43);
    expect((await service().reverseLookup(copy.id)).path).toBe('/Media/Beta');
    await admin.locationService.deleteLocation(copy.id);
    await expect(service().lookup('/Media/Beta')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('creates, lists, loads and removes custom and global aliases', async () => {
    const folder = await publishFolder(admin, 'Target', 2);
    const custom = await service().createUrlAlias(folder.locationId, '/shortcuts/target', 'eng-GB', true, false);
    expect(custom).toMatchObject({ type: 'LOCATION', destination: folder.locationId, path: '/shortcuts/target', isCustom: true, forward: true, alwaysAvailable: false });
    expect(await service().lookup('/shortcuts')).toMatchObject({ type: 'VIRTUAL', destination: null });
    expect((await service().listLocationAliases(folder.locationId)).map((alias) => alias.path)).toEqual(['/shortcuts/target']);
    await expect(service().createUrlAlias(folder.locationId, '/Shortcuts/TARGET', 'eng-GB')).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(service().createUrlAlias(folder.locationId, '/Media', 'eng-GB')).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(service().createUrlAlias(999_999, '/x', 'eng-GB')).rejects.toBeInstanceOf(NotFoundError);

    const global = await service().createGlobalUrlAlias('module:content/search', '/find', 'eng-GB');
    expect(global).toMatchObject({ type: 'RESOURCE', destination: 'module:content/search', path: '/find', isCustom: true });
    expect((await service().createGlobalUrlAlias('eznode:43', '/media-shortcut', 'eng-GB')).destination).toBe(43);
    await expect(service().createGlobalUrlAlias('nonsense', '/y', 'eng-GB')).rejects.toBeInstanceOf(InvalidArgumentError);
    expect((await service().listGlobalAliases()).map((alias) => alias.path)).toEqual(['/find']);
    expect(await service().load(global.id)).toEqual(global);

    await expect(service().removeAliases([`0-${md5('media')}`])).rejects.toBeInstanceOf(InvalidArgumentError);
    await service().removeAliases([global.id, custom.id]);
    await expect(service().load(global.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await service().listLocationAliases(folder.locationId)).toEqual([]);
    await expect(anonymous.urlAliasService.createUrlAlias(2, '/anon', 'eng-GB')).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('drops the aliases of a deleted translation', async () => {
    const folder = await publishFolder(admin, 'Bilingual', 2, { 'pol-PL': 'Dwujęzyczny' });
    await admin.contentService.deleteTranslation(folder.contentId, 'pol-PL');
    expect((await service().listLocationAliases(folder.locationId, false)).map((alias) => alias.path)).toEqual(['/Bilingual']);
    expect(await service().lookup('/Dwujęzyczny')).toMatchObject({ isHistory: true });
  });
});
