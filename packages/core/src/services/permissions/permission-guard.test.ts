import { describe, expect, it } from '@jest/globals';
import { createTestRepository } from '../../testing/test-repository.js';

describe('PermissionResolver on the clean install', () => {
  it('grants admin everything without limitation', async () => {
    const { admin } = await createTestRepository();
    expect(await admin.permissionResolver.hasAccess('content', 'remove')).toBe(true);
  });

  it('returns limited permission sets for anonymous content/read and nothing for content/create', async () => {
    const { anonymous } = await createTestRepository();
    const access = await anonymous.permissionResolver.hasAccess('content', 'read');
    // Only assignment 31 (Anonymous → group 42 "Anonymous users") applies to user 10.
    expect(access).toEqual([{ roleLimitation: null, policies: [expect.objectContaining({ id: 328 })] }]);
    expect(await anonymous.permissionResolver.hasAccess('content', 'create')).toBe(false);
    expect(await anonymous.permissionResolver.canUser('user', 'login', { kind: 'none' })).toBe(true);
  });

  it('lets a member of Editors edit only inside /1/2/ and /1/43/, and read own user content', async () => {
    const { admin, persistence } = await createTestRepository();
    const draft = await admin.contentService.createContent(
      {
        contentTypeId: 4,
        mainLanguageCode: 'eng-GB',
        fields: [
          { fieldDefIdentifier: 'first_name', value: 'Eddie' },
          { fieldDefIdentifier: 'last_name', value: 'Tor' },
          { fieldDefIdentifier: 'user_account', value: { login: 'eddie', email: 'eddie@example.com', password: 'Secret123!', enabled: true } },
        ],
      },
      [{ parentLocationId: 14 }],
    );
    await admin.contentService.publishVersion(draft.contentInfo.id, 1);
    expect(await persistence.userHandler.loadAccountByLogin('eddie')).toMatchObject({ contentId: draft.contentInfo.id });
    const editor = admin.forUser({ userId: draft.contentInfo.id });
    const home = await editor.contentService.loadContentInfo(1);
    expect(await editor.permissionResolver.canUser('content', 'edit', { kind: 'content', contentInfo: home })).toBe(true);
    const users = await admin.contentService.loadContentInfo(4);
    expect(await editor.permissionResolver.canUser('content', 'edit', { kind: 'content', contentInfo: users })).toBe(false);
    expect((await editor.userService.loadUser(draft.contentInfo.id)).login).toBe('eddie');
    await expect(editor.contentService.loadContentInfo(14)).rejects.toMatchObject({ code: 'Unauthorized' });
  });

  it('authenticates with the password and refuses a wrong one', async () => {
    const { anonymous } = await createTestRepository();
    expect((await anonymous.userService.authenticate('admin', 'publish')).contentInfo.id).toBe(14);
    await expect(anonymous.userService.authenticate('admin', 'wrong')).rejects.toThrow('Invalid login or password');
    await expect(anonymous.userService.authenticate('nobody', 'publish')).rejects.toMatchObject({ code: 'Unauthorized' });
  });
});
