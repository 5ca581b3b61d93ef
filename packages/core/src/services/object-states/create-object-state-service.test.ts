import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import { InvalidArgumentError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import { publishFolder } from '../../testing/content-builders.js';
import { createTestRepository } from '../../testing/test-repository.js';

const names = (text: string) => ({ defaultLanguageCode: 'eng-GB', names: { 'eng-GB': text } });

describe('ObjectStateService', () => {
  let admin: Repository;
  let anonymous: Repository;
  beforeEach(async () => {
    ({ admin, anonymous } = await createTestRepository());
  });

  it('manages groups and states; the first state goes to every content item, new content gets the default', async () => {
    const service = admin.objectStateService;
    const group = await service.createObjectStateGroup({ identifier: 'workflow', ...names('Workflow') });
    expect(group).toMatchObject({ identifier: 'workflow', languageCodes: ['eng-GB'], descriptions: {} });
    await expect(service.createObjectStateGroup({ identifier: 'ez_lock', ...names('Again') })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(service.createObjectStateGroup({ identifier: 'x', defaultLanguageCode: 'eng-GB', names: { 'pol-PL': 'X' } })).rejects.toBeInstanceOf(InvalidArgumentError);
    const draft = await service.createObjectState(group.id, { identifier: 'draft', ...names('Draft') });
    const published = await service.createObjectState(group.id, { identifier: 'published', ...names('Published') });
    expect([draft.priority, published.priority]).toEqual([0, 1]);
    expect((await service.getContentState(1, group.id)).id).toBe(draft.id);
    const folder = await publishFolder(admin, 'Stateful', 2);
    expect((await service.getContentState(folder.contentId, group.id)).id).toBe(draft.id);

    await service.setContentState(folder.contentId, group.id, published.id);
    expect((await service.getContentState(folder.contentId, group.id)).identifier).toBe('published');
    await expect(service.setContentState(folder.contentId, group.id, 1)).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(await service.getContentCount(published.id)).toBe(1);

    expect(await service.updateObjectState(published.id, { names: { 'eng-GB': 'Live' } })).toMatchObject({ names: { 'eng-GB': 'Live' } });
    await service.setPriorityOfObjectState(published.id, -1);
    expect((await service.loadObjectStates(group.id)).map((state) => state.identifier)).toEqual(['published', 'draft']);
    await service.deleteObjectState(published.id);
    expect((await service.getContentState(folder.contentId, group.id)).id).toBe(draft.id);
    expect(await service.updateObjectStateGroup(group.id, { identifier: 'flow' })).toMatchObject({ identifier: 'flow' });
    await service.deleteObjectStateGroup(group.id);
    await expect(service.loadObjectStateGroup(group.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.loadObjectState(draft.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('checks state/administrate and state/assign', async () => {
    await expect(anonymous.objectStateService.createObjectStateGroup({ identifier: 'anon', ...names('Anon') })).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(anonymous.objectStateService.setContentState(1, 2, 2)).rejects.toBeInstanceOf(UnauthorizedError);
    expect((await anonymous.objectStateService.loadObjectStates(2)).map((state) => state.identifier)).toEqual(['not_locked', 'locked']);
  });
});
