import type { RoleService } from '../../api/services/role-service.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import {
  assignRole,
  getRoleAssignments,
  getRoleAssignmentsForUser,
  getRoleAssignmentsForUserGroup,
  loadPoliciesByUserId,
  loadRoleAssignment,
  removeRoleAssignment,
} from './role-assignments.js';
import {
  addPolicyByRoleDraft,
  createRole,
  createRoleDraft,
  deleteRoleDraft,
  loadRoleDraft,
  loadRoleDraftByRoleId,
  publishRoleDraft,
  removePolicyByRoleDraft,
  updatePolicyByRoleDraft,
  updateRoleDraft,
} from './role-drafts.js';
import { recordEvent } from '../events/record-event.js';
import { inTransaction, underLock } from '../in-transaction.js';
import { addPolicy, deletePolicy, updatePolicy, updateRole } from './role-shortcuts.js';
import { assertRole, requireRole, roleTarget } from './role-support.js';

/**
 * The RoleService of one user scope (Ibexa `RoleService`): drafts
 * (`role-drafts.ts`), the REST shortcuts on published roles (`role-shortcuts.ts`), assignments
 * (`role-assignments.ts`), limitation checks (`limitation-validation.ts`). Every write locks the role it changes
 * (kind `role`: with its drafts, policies and assignments) and reads it under the lock.
 */
export function createRoleService(context: ServiceContext): RoleService {
  const { roleHandler } = context.persistence;
  return {
    createRole: (struct) => createRole(context, struct),
    async createAndPublishRole(struct) {
      const role = await inTransaction(context, async (tx) => publishRoleDraft(tx, (await createRole(tx, struct)).id));
      context.permissionCache.invalidate();
      return role;
    },
    createRoleDraft: (roleId) => createRoleDraft(context, roleId),
    loadRoleDraft: (draftId) => loadRoleDraft(context, draftId),
    loadRoleDraftByRoleId: (roleId) => loadRoleDraftByRoleId(context, roleId),
    updateRoleDraft: (draftId, struct) => updateRoleDraft(context, draftId, struct),
    addPolicyByRoleDraft: (draftId, struct) => addPolicyByRoleDraft(context, draftId, struct),
    updatePolicyByRoleDraft: (draftId, policyId, struct) => updatePolicyByRoleDraft(context, draftId, policyId, struct),
    removePolicyByRoleDraft: (draftId, policyId) => removePolicyByRoleDraft(context, draftId, policyId),
    deleteRoleDraft: (draftId) => deleteRoleDraft(context, draftId),
    publishRoleDraft: (draftId) => publishRoleDraft(context, draftId),
    async loadRole(roleId) {
      await assertRole(context, 'read');
      return requireRole(context, roleId);
    },
    async loadRoleByIdentifier(identifier) {
      await assertRole(context, 'read');
      const role = await roleHandler.loadRoleByIdentifier(identifier);
      if (!role) throw NotFoundError.role(identifier);
      return role;
    },
    async loadRoles() {
      await assertRole(context, 'read');
      return roleHandler.loadRoles();
    },
    async deleteRole(roleId) {
      await assertRole(context, 'delete', { roleId });
      await underLock(context, [roleTarget(roleId)], async (tx) => {
        await requireRole(tx, roleId);
        await tx.persistence.roleHandler.deleteRole(roleId);
        await recordEvent(tx, 'role.deleted', { roleId });
      });
      context.permissionCache.invalidate();
    },
    updateRole: (roleId, struct) => updateRole(context, roleId, struct),
    addPolicy: (roleId, struct) => addPolicy(context, roleId, struct),
    updatePolicy: (roleId, policyId, struct) => updatePolicy(context, roleId, policyId, struct),
    deletePolicy: (roleId, policyId) => deletePolicy(context, roleId, policyId),
    assignRoleToUser: (roleId, userId, limitation) => assignRole(context, roleId, { kind: 'user', id: userId }, limitation),
    assignRoleToUserGroup: (roleId, groupId, limitation) => assignRole(context, roleId, { kind: 'group', id: groupId }, limitation),
    loadRoleAssignment: (assignmentId) => loadRoleAssignment(context, assignmentId),
    removeRoleAssignment: (assignmentId) => removeRoleAssignment(context, assignmentId),
    getRoleAssignments: (roleId) => getRoleAssignments(context, roleId),
    getRoleAssignmentsForUser: (userId, inherited) => getRoleAssignmentsForUser(context, userId, inherited),
    getRoleAssignmentsForUserGroup: (groupId) => getRoleAssignmentsForUserGroup(context, groupId),
    loadPoliciesByUserId: (userId) => loadPoliciesByUserId(context, userId),
  };
}
