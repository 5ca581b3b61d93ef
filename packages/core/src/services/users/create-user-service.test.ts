import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import type { UserCreateStruct } from '../../api/structs/user-structs.js';
import { BadStateError, ContentFieldValidationError, InvalidArgumentError, NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import { createTestRepository, type TestRepository } from '../../testing/test-repository.js';

/** Group content ids of the Ibexa clean install. */
const USERS = 4;
const ADMINISTRATORS = 12;
const EDITORS = 13;

const userStruct = (login: string, extra: Partial<UserCreateStruct> = {}): UserCreateStruct => ({
  mainLanguageCode: 'eng-GB',
  login,
  email: `${login}@example.com`,
  password: 'Secret-Passw0rd',
  fields: [
    { fieldDefIdentifier: 'first_name', value: 'Jane' },
    { fieldDefIdentifier: 'last_name', value: login },
  ],
  ...extra,
});

const groupStruct = (name: string) => ({ mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: name }] });

describe('UserService', () => {
  let repo: TestRepository;
  let admin: Repository;
  beforeEach(async () => {
    repo = await createTestRepository();
    admin = repo.admin;
  });

  it('moves a user group only when the group, every user and group below it and the new parent are readable', async () => {
    // Anonymous gets read on the users section and create anywhere; one user below the moved group sits elsewhere.
    const restricted = await admin.sectionService.createSection({ identifier: 'restricted', name: 'Restricted' });
    const draft = await admin.roleService.createRole({
      identifier: 'GroupMover',
      policies: [
        { module: 'content', function: 'read', limitations: [{ identifier: 'Section', values: ['2'] }] },
        { module: 'content', function: 'create', limitations: [] },
      ],
    });
    await admin.roleService.assignRoleToUser((await admin.roleService.publishRoleDraft(draft.id)).id, 10);
    const team = await admin.userService.createUserGroup(groupStruct('Team'), USERS);
    const member = await admin.userService.createUser(userStruct('member'), [team.contentInfo.id]);
    const movable = await admin.userService.createUserGroup(groupStruct('Movable'), USERS);
    const anonymous = repo.anonymous;
    const parentOf = async (groupId: number) => (await admin.userService.loadUserGroup(groupId)).parentId;

    await anonymous.userService.moveUserGroup(movable.contentInfo.id, EDITORS);
    expect(await parentOf(movable.contentInfo.id)).toBe(EDITORS);

    await admin.sectionService.assignSection(member.contentInfo.id, restricted.id);
    await expect(anonymous.userService.moveUserGroup(team.contentInfo.id, EDITORS)).rejects.toThrow("The User does not have the 'read' 'content' permission");
    expect(await parentOf(team.contentInfo.id)).toBe(USERS);
    const closed = await admin.userService.createUserGroup(groupStruct('Closed'), USERS);
    await admin.sectionService.assignSection(closed.contentInfo.id, restricted.id);
    await expect(anonymous.userService.moveUserGroup(movable.contentInfo.id, closed.contentInfo.id)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await parentOf(movable.contentInfo.id)).toBe(EDITORS);
  });

  it('creates a user in a group, who can log in with the new credentials', async () => {
    const user = await admin.userService.createUser(userStruct('jane'), [EDITORS]);
    expect(user).toMatchObject({ login: 'jane', email: 'jane@example.com', enabled: true, maxLogin: 0 });
    expect(user.contentInfo).toMatchObject({ contentTypeId: 4, status: 'PUBLISHED', name: 'Jane jane', sectionId: 2 });
    const account = await repo.persistence.userHandler.loadAccount(user.contentInfo.id);
    expect(account?.passwordHash).toBe('plain:Secret-Passw0rd');
    const [location] = await admin.locationService.loadLocations(user.contentInfo.id);
    expect(location?.pathString).toBe(`/1/5/14/${location?.id ?? 0}/`);
    expect((await repo.anonymous.userService.authenticate('JANE', 'Secret-Passw0rd')).contentInfo.id).toBe(user.contentInfo.id);
    await expect(repo.anonymous.userService.authenticate('jane', 'wrong')).rejects.toBeInstanceOf(UnauthorizedError);
    expect((await admin.userService.loadUserByLogin('Jane')).contentInfo.id).toBe(user.contentInfo.id);
    expect((await admin.userService.loadUsersByEmail('jane@example.com')).map((found) => found.login)).toEqual(['jane']);
  });

  it('refuses duplicate logins and e-mails, no group, weak passwords — and leaves nothing behind', async () => {
    await admin.userService.createUser(userStruct('jane'), [EDITORS]);
    const countUsers = async () => (await admin.userService.loadUsersOfUserGroup(EDITORS, 0, -1)).length;
    const before = await countUsers();
    await expect(admin.userService.createUser(userStruct('JANE', { email: 'other@example.com' }), [EDITORS])).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.userService.createUser(userStruct('john', { email: 'jane@example.com' }), [EDITORS])).rejects.toThrow("email 'jane@example.com' already exists");
    await expect(admin.userService.createUser(userStruct('john'), [])).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.userService.createUser(userStruct('john', { password: 'weak' }), [EDITORS])).rejects.toBeInstanceOf(ContentFieldValidationError);
    await expect(admin.userService.createUser(userStruct('john'), [1])).rejects.toBeInstanceOf(NotFoundError);
    expect(await countUsers()).toBe(before);
    expect(await repo.persistence.userHandler.loadAccountByLogin('john')).toBeNull();
  });

  it('updates e-mail, password, enabled and fields through a new version; the login never changes', async () => {
    const user = await admin.userService.createUser(userStruct('jane'), [EDITORS]);
    const id = user.contentInfo.id;
    const updated = await admin.userService.updateUser(id, {
      email: 'new@example.com',
      password: 'Another-Passw0rd',
      contentUpdateStruct: { fields: [{ fieldDefIdentifier: 'first_name', value: 'Janet' }] },
      contentMetadataUpdateStruct: { remoteId: 'jane-remote' },
    });
    expect(updated).toMatchObject({ login: 'jane', email: 'new@example.com' });
    expect(updated.contentInfo).toMatchObject({ currentVersionNo: 2, name: 'Janet jane', remoteId: 'jane-remote' });
    await repo.anonymous.userService.authenticate('jane', 'Another-Passw0rd');
    await admin.userService.updateUser(id, { enabled: false });
    await expect(repo.anonymous.userService.authenticate('jane', 'Another-Passw0rd')).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(admin.userService.updateUser(id, { email: 'not-an-email' })).rejects.toBeInstanceOf(ContentFieldValidationError);
    expect((await admin.contentService.loadVersions(id)).map((version) => version.status)).toEqual(['ARCHIVED', 'ARCHIVED', 'PUBLISHED']);
  });

  it('refuses to copy users, alone or within a subtree (logins are unique)', async () => {
    const user = await admin.userService.createUser(userStruct('copied'), [EDITORS]);
    await expect(admin.contentService.copyContent(user.contentInfo.id, { parentLocationId: 2 })).rejects.toThrow(
      'User content items cannot be copied: logins are unique',
    );
    const editors = (await admin.userService.loadUserGroup(EDITORS)).contentInfo.mainLocationId ?? 0;
    await expect(admin.locationService.copySubtree(editors, 2)).rejects.toThrow(`User content item ${user.contentInfo.id} cannot be copied: logins are unique`);
  });

  it('allows one user account field per content type (the account type is singular)', async () => {
    const account = { identifier: 'second_account', fieldTypeIdentifier: 'ezuser', names: { 'eng-GB': 'Account' } };
    const draft = await admin.contentTypeService.createContentTypeDraft(4);
    await expect(admin.contentTypeService.addFieldDefinition(draft.id, account)).rejects.toThrow(
      "Field type 'ezuser' is singular and can't be repeated in a content type",
    );
    const struct = { identifier: 'member', mainLanguageCode: 'eng-GB', names: { 'eng-GB': 'Member' }, nameSchema: '<name>' };
    const first = { ...account, identifier: 'account' };
    await expect(admin.contentTypeService.createContentType({ ...struct, fieldDefinitions: [first, account] }, [2])).rejects.toMatchObject({
      failures: [{ fieldDefinitionIdentifier: null, messages: ["Field type 'ezuser' is singular and can't be repeated in a content type"] }],
    });
    await expect(admin.contentTypeService.createContentType({ ...struct, fieldDefinitions: [first] }, [2])).resolves.toMatchObject({ identifier: 'member' });
  });

  it('deletes users but not yourself', async () => {
    const user = await admin.userService.createUser(userStruct('jane'), [EDITORS]);
    await expect(admin.userService.deleteUser(14)).rejects.toMatchObject({ code: 'BadState', reason: 'user.self' });
    await admin.roleService.assignRoleToUser(1, user.contentInfo.id);
    await admin.userService.deleteUser(user.contentInfo.id);
    await expect(admin.userService.loadUser(user.contentInfo.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await repo.persistence.userHandler.loadAccountByLogin('jane')).toBeNull();
    expect(await repo.persistence.roleHandler.loadAssignmentsBySubjects([user.contentInfo.id])).toEqual([]);
  });

  it('manages groups: create, load, subgroups, update, move, delete (refused while users are inside)', async () => {
    const team = await admin.userService.createUserGroup(groupStruct('Team'), USERS);
    expect(team).toMatchObject({ parentId: USERS, contentInfo: { contentTypeId: 3, name: 'Team', sectionId: 2 } });
    const sub = await admin.userService.createUserGroup(groupStruct('Sub team'), team.contentInfo.id);
    expect((await admin.userService.loadSubUserGroups(team.contentInfo.id)).map((group) => group.contentInfo.name)).toEqual(['Sub team']);
    expect((await admin.userService.loadSubUserGroups(USERS, 0, -1)).map((group) => group.contentInfo.id)).toEqual([11, 12, 13, 42, team.contentInfo.id]);
    expect((await admin.userService.loadUserGroup(USERS)).parentId).toBeNull();
    expect((await admin.userService.loadUserGroupByRemoteId(team.contentInfo.remoteId)).contentInfo.id).toBe(team.contentInfo.id);
    await expect(admin.userService.loadUserGroup(1)).rejects.toBeInstanceOf(NotFoundError);

    const renamed = await admin.userService.updateUserGroup(team.contentInfo.id, { contentUpdateStruct: { fields: [{ fieldDefIdentifier: 'name', value: 'Crew' }] } });
    expect(renamed.contentInfo.name).toBe('Crew');

    await admin.userService.moveUserGroup(sub.contentInfo.id, EDITORS);
    expect((await admin.userService.loadUserGroup(sub.contentInfo.id)).parentId).toBe(EDITORS);
    await expect(admin.userService.moveUserGroup(team.contentInfo.id, sub.contentInfo.id + 1000)).rejects.toBeInstanceOf(NotFoundError);

    const user = await admin.userService.createUser(userStruct('jane'), [sub.contentInfo.id]);
    await expect(admin.userService.deleteUserGroup(EDITORS)).rejects.toMatchObject({ reason: 'userGroup.notEmpty' });
    await admin.userService.deleteUser(user.contentInfo.id);
    await admin.userService.deleteUserGroup(team.contentInfo.id);
    await expect(admin.userService.loadUserGroup(team.contentInfo.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('assigns users to groups and unassigns them, never from their last group', async () => {
    const user = await admin.userService.createUser(userStruct('jane'), [EDITORS]);
    const id = user.contentInfo.id;
    await admin.userService.assignUserToUserGroup(id, ADMINISTRATORS);
    await expect(admin.userService.assignUserToUserGroup(id, ADMINISTRATORS)).rejects.toBeInstanceOf(InvalidArgumentError);
    expect((await admin.userService.loadUserGroupsOfUser(id)).map((group) => group.contentInfo.id)).toEqual([12, 13]);
    expect(await admin.userService.loadUserGroupIds(id)).toEqual(expect.arrayContaining([4, 12, 13]));
    expect((await admin.userService.loadUsersOfUserGroup(ADMINISTRATORS)).map((member) => member.login)).toEqual(['admin', 'jane']);
    // Membership changes take effect at once: jane is an administrator now.
    expect(await admin.forUser({ userId: id }).permissionResolver.hasAccess('content', 'remove')).toBe(true);

    await admin.userService.unAssignUserFromUserGroup(id, EDITORS);
    expect((await admin.userService.loadUserGroupsOfUser(id)).map((group) => group.contentInfo.id)).toEqual([12]);
    await expect(admin.userService.unAssignUserFromUserGroup(id, EDITORS)).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.userService.unAssignUserFromUserGroup(id, ADMINISTRATORS)).rejects.toBeInstanceOf(BadStateError);
    expect((await admin.contentService.loadContentInfo(id)).mainLocationId).not.toBeNull();
  });

  it('checks permissions: the anonymous user cannot read or create users', async () => {
    await expect(repo.anonymous.userService.loadUser(14)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(repo.anonymous.userService.createUser(userStruct('eve'), [EDITORS])).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(repo.anonymous.userService.loadUsersOfUserGroup(EDITORS)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it("lists a user's drafts that the reader may see", async () => {
    const draft = await admin.contentService.createContent({ contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'WIP' }] }, [{ parentLocationId: 2 }]);
    expect((await admin.contentService.loadContentDrafts(14)).map((version) => version.contentId)).toContain(draft.contentInfo.id);
    expect(await admin.contentService.loadContentDrafts(10)).toEqual([]);
    await expect(repo.anonymous.contentService.loadContentDrafts(14)).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
