import type { PolicyRecord } from '../../spi/role-handler.js';
import { folderRecord, type PersistenceUnderTest, seededStore } from './fixtures.js';
import type { TestRunner } from '../test-runner.js';

const policy = (module: string, func: string, limitations: PolicyRecord['limitations'] = [], originalId: number | null = null): PolicyRecord => ({
  module,
  function: func,
  limitations,
  originalId,
});

/**
 * Contract of the role writes: drafts of new and published roles, policies,
 * publishing with stable policy ids, deleting roles, assignments by role, subject and id; plus the user reads the
 * user service needs (accounts in bulk, drafts of a user).
 */
export function roleContract(runner: TestRunner, create: () => Promise<PersistenceUnderTest>): void {
  const { describe, expect, it } = runner;
  describe('role handler writes', () => {
    const store = seededStore(runner, create);

    it('creates a new role as a draft and publishes it under the same id', async () => {
      const { roleHandler } = store();
      const draft = await roleHandler.createRoleDraft({
        identifier: 'Reviewer',
        originalId: null,
        policies: [policy('content', 'read', [{ identifier: 'Section', values: ['1', '3'] }]), policy('user', 'login')],
      });
      expect(draft).toMatchObject({ identifier: 'Reviewer', status: 'DRAFT', originalId: null });
      expect(draft.policies.map((p) => [p.roleId, p.module, p.function, p.limitations, p.originalId])).toEqual([
        [draft.id, 'content', 'read', [{ identifier: 'Section', values: ['1', '3'] }], null],
        [draft.id, 'user', 'login', [], null],
      ]);
      expect(await roleHandler.loadRole(draft.id)).toBeNull();
      expect(await roleHandler.loadRoleDraft(draft.id)).toEqual(draft);
      expect((await roleHandler.loadRoleDraftsByIdentifier('Reviewer')).map((d) => d.id)).toEqual([draft.id]);
      expect(await roleHandler.loadRoleByIdentifier('Reviewer')).toBeNull();

      await roleHandler.updateRoleDraft(draft.id, { identifier: 'Proofreader' });
      const added = await roleHandler.addPolicy(draft.id, policy('content', 'versionread'));
      expect(added).toMatchObject({ roleId: draft.id, module: 'content', function: 'versionread', originalId: null });
      const [first, second] = draft.policies;
      await roleHandler.updatePolicy(first?.id ?? 0, [{ identifier: 'Section', values: ['2'] }]);
      await roleHandler.deletePolicy(second?.id ?? 0);
      await roleHandler.publishRoleDraft(draft.id);

      expect(await roleHandler.loadRoleDraft(draft.id)).toBeNull();
      const role = await roleHandler.loadRole(draft.id);
      expect(role).toEqual({
        id: draft.id,
        identifier: 'Proofreader',
        status: 'DEFINED',
        policies: [
          { id: first?.id, roleId: draft.id, module: 'content', function: 'read', limitations: [{ identifier: 'Section', values: ['2'] }] },
          { id: added.id, roleId: draft.id, module: 'content', function: 'versionread', limitations: [] },
        ],
      });
      expect((await roleHandler.loadRoleByIdentifier('Proofreader'))?.id).toBe(draft.id);
      expect((await roleHandler.loadRoles()).map((r) => r.identifier)).toEqual(['Anonymous', 'Administrator', 'Editor', 'Member', 'Proofreader']);
    });

    it('publishes a draft of a published role onto it: identifier and policies replaced, copied policies keep their ids', async () => {
      const { roleHandler } = store();
      const member = await roleHandler.loadRole(4);
      const draft = await roleHandler.createRoleDraft({
        identifier: 'Members',
        originalId: 4,
        policies: (member?.policies ?? []).map((p) => policy(p.module, p.function, p.limitations, p.id)),
      });
      expect(draft.policies.map((p) => p.originalId)).toEqual([333]);
      expect(draft.policies[0]?.id).not.toBe(333);
      expect((await roleHandler.loadRoleDraftByRoleId(4))?.id).toBe(draft.id);
      const added = await roleHandler.addPolicy(draft.id, policy('content', 'edit', [{ identifier: 'Owner', values: ['1'] }]));
      expect((await roleHandler.loadRole(4))?.identifier).toBe('Member');

      await roleHandler.publishRoleDraft(draft.id);
      expect(await roleHandler.loadRoleDraft(draft.id)).toBeNull();
      expect(await roleHandler.loadRoleDraftByRoleId(4)).toBeNull();
      const role = await roleHandler.loadRole(4);
      expect(role?.identifier).toBe('Members');
      expect(role?.policies.map((p) => [p.id, p.roleId, p.function])).toEqual([
        [333, 4, 'read'],
        [added.id, 4, 'edit'],
      ]);
      expect(role?.policies[0]?.limitations).toEqual([
        { identifier: 'Class', values: ['4'] },
        { identifier: 'Owner', values: ['1'] },
      ]);
      expect(await roleHandler.loadRole(draft.id)).toBeNull();
    });

    it('deletes drafts, and roles with their assignments; the drafts of a deleted role stay and publish under their own id', async () => {
      const { roleHandler } = store();
      const draft = await roleHandler.createRoleDraft({ identifier: 'Temp', originalId: null, policies: [policy('content', 'read')] });
      await roleHandler.deleteRoleDraft(draft.id);
      expect(await roleHandler.loadRoleDraft(draft.id)).toBeNull();
      const ofEditor = await roleHandler.createRoleDraft({ identifier: 'Editor', originalId: 3, policies: [policy('content', 'read', [], 317)] });
      await roleHandler.deleteRole(3);
      expect(await roleHandler.loadRole(3)).toBeNull();
      expect(await roleHandler.loadAssignmentsByRole(3)).toEqual([]);
      expect((await roleHandler.loadAssignmentsBySubjects([13])).map((a) => a.id)).toEqual([35]);
      expect(await roleHandler.loadRoleDraft(ofEditor.id)).toEqual(ofEditor);
      expect((await roleHandler.loadRoleDraftByRoleId(3))?.id).toBe(ofEditor.id);

      await roleHandler.publishRoleDraft(ofEditor.id);
      expect(await roleHandler.loadRoleDraft(ofEditor.id)).toBeNull();
      expect(await roleHandler.loadRole(ofEditor.id)).toEqual({
        id: ofEditor.id,
        identifier: 'Editor',
        status: 'DEFINED',
        policies: [{ id: ofEditor.policies[0]?.id, roleId: ofEditor.id, module: 'content', function: 'read', limitations: [] }],
      });
      expect(await roleHandler.loadRole(3)).toBeNull();
    });

    it('keeps several drafts of one role; each publish replaces the role and removes only itself', async () => {
      const { roleHandler } = store();
      const copy = (originalId: number) => policy('content', 'read', [{ identifier: 'Class', values: ['4'] }], originalId);
      const first = await roleHandler.createRoleDraft({ identifier: 'Members', originalId: 4, policies: [copy(333)] });
      const second = await roleHandler.createRoleDraft({ identifier: 'Member', originalId: 4, policies: [copy(333)] });
      expect((await roleHandler.loadRoleDraftByRoleId(4))?.id).toBe(first.id);
      const added = await roleHandler.addPolicy(second.id, policy('user', 'login'));

      await roleHandler.publishRoleDraft(first.id);
      expect((await roleHandler.loadRole(4))?.identifier).toBe('Members');
      expect(await roleHandler.loadRoleDraft(second.id)).toMatchObject({ originalId: 4, policies: [{ originalId: 333 }, { id: added.id }] });
      expect((await roleHandler.loadRoleDraftByRoleId(4))?.id).toBe(second.id);

      await roleHandler.publishRoleDraft(second.id);
      const role = await roleHandler.loadRole(4);
      expect(role?.identifier).toBe('Member');
      expect(role?.policies.map((p) => [p.id, p.roleId, p.function])).toEqual([
        [333, 4, 'read'],
        [added.id, 4, 'login'],
      ]);
      expect(await roleHandler.loadRoleDraftByRoleId(4)).toBeNull();
    });

    it('creates, loads and removes assignments', async () => {
      const { roleHandler } = store();
      const assignment = await roleHandler.assignRole({
        roleId: 1,
        subjectKind: 'user',
        subjectId: 14,
        limitation: { identifier: 'Subtree', values: ['/1/2/', '/1/43/'] },
      });
      expect(assignment).toEqual({
        id: assignment.id,
        roleId: 1,
        subjectKind: 'user',
        subjectId: 14,
        limitation: { identifier: 'Subtree', values: ['/1/2/', '/1/43/'] },
      });
      expect(assignment.id).toBeGreaterThan(35);
      expect(await roleHandler.loadAssignment(assignment.id)).toEqual(assignment);
      expect((await roleHandler.loadAssignmentsByRole(1)).map((a) => a.id)).toEqual([28, 31, assignment.id]);
      const plain = await roleHandler.assignRole({ roleId: 2, subjectKind: 'user', subjectId: 14, limitation: null });
      expect((await roleHandler.loadAssignmentsBySubjects([14])).map((a) => [a.id, a.limitation])).toEqual([
        [assignment.id, assignment.limitation],
        [plain.id, null],
      ]);
      await roleHandler.removeAssignment(assignment.id);
      expect(await roleHandler.loadAssignment(assignment.id)).toBeNull();
      await roleHandler.removeAssignmentsBySubjects([14, 999]);
      expect(await roleHandler.loadAssignmentsBySubjects([14])).toEqual([]);
      expect(await roleHandler.loadAssignment(999_999)).toBeNull();
    });

    it('loads accounts in bulk and the drafts a user created', async () => {
      const { userHandler, contentHandler } = store();
      expect((await userHandler.loadAccounts([14, 10, 14, 999])).map((account) => [account.contentId, account.login])).toEqual([
        [10, 'anonymous'],
        [14, 'admin'],
      ]);
      expect(await userHandler.loadAccounts([])).toEqual([]);
      const before = await contentHandler.loadDraftsForUser(10);
      const created = await contentHandler.create(folderRecord('Draft of anonymous', { creatorId: 10, ownerId: 10 }));
      const drafts = await contentHandler.loadDraftsForUser(10);
      expect(drafts.length).toBe(before.length + 1);
      expect(drafts.at(-1)).toMatchObject({ contentId: created.contentInfo.id, versionNo: 1, status: 'DRAFT', creatorId: 10, names: { 'eng-GB': 'Draft of anonymous' } });
      await contentHandler.publish(created.contentInfo.id, 1, { name: 'Draft of anonymous', date: new Date('2024-02-01T00:00:00Z') });
      expect((await contentHandler.loadDraftsForUser(10)).length).toBe(before.length);
    });
  });
}
