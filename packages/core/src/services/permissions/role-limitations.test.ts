import { describe, expect, it } from '@jest/globals';
import { UnauthorizedError } from '../../errors/repository-error.js';
import { createTestRepository } from '../../testing/test-repository.js';

/** A published folder below `parentLocationId`, created by admin; returns its content and location ids. */
async function folder(admin: Awaited<ReturnType<typeof createTestRepository>>['admin'], name: string, parentLocationId: number) {
  const draft = await admin.contentService.createContent({ contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: name }] }, [
    { parentLocationId },
  ]);
  const published = await admin.contentService.publishVersion(draft.contentInfo.id, 1);
  return { contentId: published.contentInfo.id, locationId: published.contentInfo.mainLocationId ?? 0 };
}

describe('role limitations and drafts in permission checks', () => {
  it('lets a user whose role has a Subtree role limitation log in (the limitation abstains on user/login)', async () => {
    const { admin, anonymous } = await createTestRepository();
    const user = await admin.userService.createUser(
      {
        mainLanguageCode: 'eng-GB',
        login: 'editor',
        email: 'editor@example.com',
        password: 'Editor-Passw0rd',
        fields: [
          { fieldDefIdentifier: 'first_name', value: 'E' },
          { fieldDefIdentifier: 'last_name', value: 'D' },
        ],
      },
      [13],
    );
    // Editors (13) get Editor (with user/login) only through Subtree-limited assignments.
    expect((await anonymous.userService.authenticate('editor', 'Editor-Passw0rd')).contentInfo.id).toBe(user.contentInfo.id);
  });

  it('checks Node and Subtree limitations of a never-published draft against the parents of its pending locations', async () => {
    const { admin } = await createTestRepository();
    const inside = await folder(admin, 'Inside', 2);
    const outside = await folder(admin, 'Outside', 2);
    const role = await admin.roleService.createRole({
      identifier: 'Publisher',
      policies: [
        { module: 'content', function: 'create', limitations: [{ identifier: 'Subtree', values: [`/1/2/${inside.locationId}/`] }] },
        { module: 'content', function: 'publish', limitations: [{ identifier: 'Subtree', values: [`/1/2/${inside.locationId}/`] }] },
        { module: 'content', function: 'read' },
      ],
    });
    await admin.roleService.publishRoleDraft(role.id);
    await admin.roleService.assignRoleToUser(role.id, 10);
    const anonymous = admin.forUser({ userId: 10 });
    const draft = await anonymous.contentService.createContent(
      { contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Child' }] },
      [{ parentLocationId: inside.locationId }],
    );
    expect((await anonymous.contentService.publishVersion(draft.contentInfo.id, 1)).contentInfo.status).toBe('PUBLISHED');
    await expect(
      anonymous.contentService.createContent({ contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'No' }] }, [
        { parentLocationId: outside.locationId },
      ]),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    // An admin-made draft below "outside" cannot be published by the user.
    const foreign = await admin.contentService.createContent({ contentTypeId: 1, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Foreign' }] }, [
      { parentLocationId: outside.locationId },
    ]);
    await expect(anonymous.contentService.publishVersion(foreign.contentInfo.id, 1)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('applies a Section role limitation to section/view and lets a Subtree one abstain there', async () => {
    const { admin } = await createTestRepository();
    const role = await admin.roleService.createRole({ identifier: 'SectionViewer', policies: [{ module: 'section', function: 'view' }] });
    await admin.roleService.publishRoleDraft(role.id);
    await admin.roleService.assignRoleToUser(role.id, 10, { identifier: 'Section', values: ['3'] });
    const anonymous = admin.forUser({ userId: 10 });
    expect((await anonymous.sectionService.loadSections()).map((section) => section.id)).toEqual([3]);
    await admin.roleService.assignRoleToUser(role.id, 10, { identifier: 'Subtree', values: ['/1/2/'] });
    expect((await anonymous.sectionService.loadSections()).map((section) => section.id)).toEqual([1, 2, 3]);
  });

  it('applies a Subtree role limitation of role/assign to the user or group given the role', async () => {
    const { admin } = await createTestRepository();
    const reader = await admin.roleService.createRole({ identifier: 'UserReader', policies: [{ module: 'content', function: 'read', limitations: [{ identifier: 'Section', values: ['2'] }] }] });
    await admin.roleService.assignRoleToUser((await admin.roleService.publishRoleDraft(reader.id)).id, 10);
    const assigner = await admin.roleService.createRole({ identifier: 'Assigner', policies: [{ module: 'role', function: 'assign' }] });
    const editorsLocation = await admin.locationService.loadLocation((await admin.contentService.loadContentInfo(13)).mainLocationId ?? 0);
    await admin.roleService.assignRoleToUser((await admin.roleService.publishRoleDraft(assigner.id)).id, 10, { identifier: 'Subtree', values: [editorsLocation.pathString] });
    const editor = await admin.userService.createUser(
      {
        mainLanguageCode: 'eng-GB',
        login: 'assignee',
        email: 'assignee@example.com',
        password: 'Editor-Passw0rd',
        fields: [
          { fieldDefIdentifier: 'first_name', value: 'A' },
          { fieldDefIdentifier: 'last_name', value: 'S' },
        ],
      },
      [13],
    );
    const anonymous = admin.forUser({ userId: 10 });
    const given = await admin.roleService.createRole({ identifier: 'Given', policies: [{ module: 'content', function: 'read' }] });
    const givenId = (await admin.roleService.publishRoleDraft(given.id)).id;

    await anonymous.roleService.assignRoleToUser(givenId, editor.contentInfo.id);
    await anonymous.roleService.assignRoleToUserGroup(givenId, 13);
    await expect(anonymous.roleService.assignRoleToUser(givenId, 14)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(anonymous.roleService.assignRoleToUserGroup(givenId, 12)).rejects.toBeInstanceOf(UnauthorizedError);
    expect((await admin.roleService.getRoleAssignments(givenId)).map((assignment) => assignment.subjectId).sort((a, b) => a - b)).toEqual([13, editor.contentInfo.id]);
  });
});
