import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Repository } from '../../api/services/repository.js';
import {
  InvalidArgumentError,
  LimitationValidationError,
  NotFoundError,
  UnauthorizedError,
} from '../../errors/repository-error.js';
import { createTestRepository, type TestRepository } from '../../testing/test-repository.js';

const EDITORS = 13;

describe('RoleService', () => {
  let repo: TestRepository;
  let admin: Repository;
  beforeEach(async () => {
    repo = await createTestRepository();
    admin = repo.admin;
  });

  it('creates a role as a draft, edits it and publishes it under the same id', async () => {
    const draft = await admin.roleService.createRole({
      identifier: 'Reviewer',
      policies: [{ module: 'content', function: 'read', limitations: [{ identifier: 'Section', values: ['1'] }] }],
    });
    expect(draft).toMatchObject({ status: 'DRAFT', originalId: null, identifier: 'Reviewer' });
    await expect(admin.roleService.loadRole(draft.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(admin.roleService.loadRoleByIdentifier('Reviewer')).rejects.toBeInstanceOf(NotFoundError);

    const renamed = await admin.roleService.updateRoleDraft(draft.id, { identifier: 'Proofreader' });
    expect(renamed.identifier).toBe('Proofreader');
    const withPolicy = await admin.roleService.addPolicyByRoleDraft(draft.id, { module: 'user', function: 'login' });
    expect(withPolicy.policies.map((policy) => `${policy.module}/${policy.function}`)).toEqual(['content/read', 'user/login']);
    const [read] = withPolicy.policies;
    const updated = await admin.roleService.updatePolicyByRoleDraft(draft.id, read?.id ?? 0, { limitations: [{ identifier: 'Section', values: ['1', '3'] }] });
    expect(updated.limitations).toEqual([{ identifier: 'Section', values: ['1', '3'] }]);

    const role = await admin.roleService.publishRoleDraft(draft.id);
    expect(role).toMatchObject({ id: draft.id, identifier: 'Proofreader', status: 'DEFINED' });
    expect(role.policies.map((policy) => policy.id)).toEqual(withPolicy.policies.map((policy) => policy.id));
    await expect(admin.roleService.loadRoleDraft(draft.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await admin.roleService.loadRoles()).map((candidate) => candidate.identifier)).toContain('Proofreader');
  });

  it('changes a published role through a draft of it; policies keep their ids', async () => {
    const draft = await admin.roleService.createRoleDraft(1);
    expect(draft).toMatchObject({ originalId: 1, identifier: 'Anonymous' });
    expect(draft.policies.map((policy) => policy.originalId)).toEqual([328, 331, 334]);
    expect((await admin.roleService.loadRoleDraftByRoleId(1)).id).toBe(draft.id);

    const view = draft.policies.find((policy) => policy.originalId === 334);
    await admin.roleService.removePolicyByRoleDraft(draft.id, view?.id ?? 0);
    const added = await admin.roleService.addPolicyByRoleDraft(draft.id, { module: 'content', function: 'versionread' });
    const role = await admin.roleService.publishRoleDraft(draft.id);
    expect(role.id).toBe(1);
    expect(role.policies.map((policy) => policy.id)).toEqual([328, 331, added.policies.at(-1)?.id]);
    await expect(admin.roleService.loadRoleDraft(draft.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('runs the REST shortcuts in one transaction each', async () => {
    const policy = await admin.roleService.addPolicy(4, { module: 'content', function: 'create', limitations: [{ identifier: 'Class', values: ['1'] }] });
    expect(policy).toMatchObject({ roleId: 4, module: 'content', function: 'create' });
    const updated = await admin.roleService.updatePolicy(4, policy.id, { limitations: [{ identifier: 'Class', values: ['1', '2'] }] });
    expect(updated).toMatchObject({ id: policy.id, limitations: [{ identifier: 'Class', values: ['1', '2'] }] });
    expect((await admin.roleService.updateRole(4, { identifier: 'Members' })).identifier).toBe('Members');

    // A failing change leaves no draft behind and changes nothing.
    await expect(admin.roleService.updatePolicy(4, policy.id, { limitations: [{ identifier: 'Class', values: ['999'] }] })).rejects.toBeInstanceOf(
      LimitationValidationError,
    );
    await expect(admin.roleService.updateRole(4, { identifier: 'Editor' })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.roleService.loadRoleDraftByRoleId(4)).rejects.toBeInstanceOf(NotFoundError);
    await expect(admin.roleService.updatePolicy(4, 328, { limitations: [] })).rejects.toBeInstanceOf(NotFoundError);

    await admin.roleService.deletePolicy(4, policy.id);
    expect((await admin.roleService.loadRole(4)).policies.map((candidate) => candidate.id)).toEqual([333]);
    await admin.roleService.deletePolicy(4, null);
    expect((await admin.roleService.loadRole(4)).policies).toEqual([]);
  });

  it('validates policies: module/function, known and allowed limitations, existing values', async () => {
    const draft = await admin.roleService.createRole({ identifier: 'Checked' });
    const add = (module: string, func: string, identifier: string, values: string[]) =>
      admin.roleService.addPolicyByRoleDraft(draft.id, { module, function: func, limitations: [{ identifier, values }] });
    await expect(admin.roleService.addPolicyByRoleDraft(draft.id, { module: 'content', function: 'fly' })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(add('content', 'read', 'Colour', ['red'])).rejects.toBeInstanceOf(NotFoundError);
    await expect(add('content', 'read', 'Language', ['eng-GB'])).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(add('*', '*', 'Section', ['1'])).rejects.toBeInstanceOf(InvalidArgumentError);
    for (const [identifier, values] of [
      ['Section', ['7']],
      ['Section', ['x']],
      ['Class', ['6']],
      ['Subtree', ['/1/2/999/']],
      ['Subtree', ['2']],
      ['Node', ['999']],
      ['Owner', ['3']],
      ['State', ['9']],
      ['Section', []],
    ] as const) {
      await expect(add('content', 'read', identifier, [...values])).rejects.toBeInstanceOf(LimitationValidationError);
    }
    await expect(add('content', 'create', 'Language', ['xxx-XX'])).rejects.toBeInstanceOf(LimitationValidationError);
    await expect(add('role', 'assign', 'Role', ['99'])).rejects.toBeInstanceOf(LimitationValidationError);
    const valid = await add('content', 'create', 'ParentDepth', ['1', '2']);
    expect(valid.policies).toHaveLength(1);
    await expect(admin.roleService.createRole({ identifier: 'Editor' })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.roleService.createRole({ identifier: 'Checked' })).rejects.toBeInstanceOf(InvalidArgumentError);
  });

  it('assigns roles to users and groups with a role limitation, and removes assignments', async () => {
    const assignment = await admin.roleService.assignRoleToUserGroup(4, 42, { identifier: 'Subtree', values: ['/1/2'] });
    expect(assignment).toMatchObject({ roleId: 4, subjectKind: 'group', subjectId: 42, limitation: { identifier: 'Subtree', values: ['/1/2/'] } });
    await expect(admin.roleService.assignRoleToUserGroup(4, 42, { identifier: 'Subtree', values: ['/1/2/'] })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(admin.roleService.assignRoleToUserGroup(4, 42, { identifier: 'Subtree', values: ['/1/3/'] })).rejects.toBeInstanceOf(LimitationValidationError);
    await expect(admin.roleService.assignRoleToUserGroup(4, 1, undefined)).rejects.toBeInstanceOf(NotFoundError);
    await expect(admin.roleService.assignRoleToUser(99, 10)).rejects.toBeInstanceOf(NotFoundError);

    const direct = await admin.roleService.assignRoleToUser(3, 10, { identifier: 'Section', values: ['1'] });
    expect((await admin.roleService.getRoleAssignmentsForUser(10)).map((a) => a.id)).toEqual([direct.id]);
    expect((await admin.roleService.getRoleAssignmentsForUser(10, true)).map((a) => a.id)).toEqual([31, assignment.id, direct.id]);
    expect((await admin.roleService.getRoleAssignmentsForUserGroup(EDITORS)).map((a) => a.id)).toEqual([32, 33, 35]);
    expect((await admin.roleService.getRoleAssignments(3)).map((a) => a.id)).toEqual([32, 33, direct.id]);
    expect((await admin.roleService.loadPoliciesByUserId(10)).map((policy) => policy.id)).toEqual([317, 319, 328, 331, 333, 334, 340]);

    // The anonymous user now has the Editor role in section 1: effective at once.
    expect(await repo.anonymous.permissionResolver.hasAccess('content', 'edit')).not.toBe(false);
    await admin.roleService.removeRoleAssignment(direct.id);
    expect(await repo.anonymous.permissionResolver.hasAccess('content', 'edit')).toBe(false);
    await expect(admin.roleService.loadRoleAssignment(direct.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes a role with its assignments; its drafts stay and publish as roles of their own', async () => {
    const draft = await admin.roleService.createRoleDraft(3);
    const other = await admin.roleService.createRoleDraft(3);
    await admin.roleService.deleteRole(3);
    await expect(admin.roleService.loadRole(3)).rejects.toBeInstanceOf(NotFoundError);
    expect((await admin.roleService.getRoleAssignmentsForUserGroup(EDITORS)).map((a) => a.id)).toEqual([35]);
    expect(await admin.roleService.loadRoleDraft(draft.id)).toMatchObject({ id: draft.id, originalId: 3, identifier: 'Editor' });
    expect((await admin.roleService.loadRoleDraftByRoleId(3)).id).toBe(draft.id);

    const role = await admin.roleService.publishRoleDraft(draft.id);
    expect(role).toMatchObject({ id: draft.id, identifier: 'Editor', status: 'DEFINED' });
    expect(role.policies.map((policy) => policy.id)).toEqual(draft.policies.map((policy) => policy.id));
    expect(await admin.roleService.getRoleAssignments(draft.id)).toEqual([]);
    // The sibling cannot take the identifier a second time; it can still be renamed, published or deleted.
    await expect(admin.roleService.publishRoleDraft(other.id)).rejects.toBeInstanceOf(InvalidArgumentError);
    await admin.roleService.deleteRoleDraft(other.id);
    await expect(admin.roleService.loadRoleDraft(other.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lets a role have several drafts; each publish replaces the role, shortcuts leave pending drafts alone', async () => {
    const first = await admin.roleService.createRoleDraft(4);
    const second = await admin.roleService.createRoleDraft(4);
    expect(second.id).not.toBe(first.id);
    expect(second.policies.map((policy) => policy.originalId)).toEqual([333]);

    const policy = await admin.roleService.addPolicy(4, { module: 'user', function: 'login' });
    await admin.roleService.updatePolicy(4, 333, { limitations: [{ identifier: 'Class', values: ['1'] }] });
    await admin.roleService.updateRole(4, { identifier: 'Members' });
    expect(await admin.roleService.loadRole(4)).toMatchObject({ identifier: 'Members', policies: [{ id: 333 }, { id: policy.id }] });
    expect((await admin.roleService.loadRoleDraft(first.id)).policies).toEqual(first.policies);

    await admin.roleService.updateRoleDraft(first.id, { identifier: 'Readers' });
    await admin.roleService.addPolicyByRoleDraft(second.id, { module: 'content', function: 'versionread' });
    expect((await admin.roleService.publishRoleDraft(first.id)).identifier).toBe('Readers');
    const last = await admin.roleService.publishRoleDraft(second.id);
    expect(last).toMatchObject({ id: 4, identifier: 'Member' });
    // The second draft was copied before the shortcuts: their policy and limitation are gone again.
    expect(last.policies.map((candidate) => [candidate.function, candidate.limitations])).toEqual([
      ['read', [{ identifier: 'Class', values: ['4'] }, { identifier: 'Owner', values: ['1'] }]],
      ['versionread', []],
    ]);
    expect(last.policies[0]?.id).toBe(333);
    await expect(admin.roleService.loadRoleDraftByRoleId(4)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('requires role permissions; role/assign honours its Role limitation', async () => {
    await expect(repo.anonymous.roleService.loadRoles()).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(repo.anonymous.roleService.createRole({ identifier: 'Nope' })).rejects.toBeInstanceOf(UnauthorizedError);
    const manager = await admin.roleService.createRole({
      identifier: 'Assigner',
      policies: [
        { module: 'role', function: 'assign', limitations: [{ identifier: 'Role', values: ['4'] }] },
        { module: 'content', function: 'read' },
      ],
    });
    await admin.roleService.publishRoleDraft(manager.id);
    await admin.roleService.assignRoleToUser(manager.id, 10);
    await repo.anonymous.roleService.assignRoleToUserGroup(4, 42);
    await expect(repo.anonymous.roleService.assignRoleToUserGroup(3, 42)).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
