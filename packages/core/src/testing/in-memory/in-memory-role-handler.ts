import type { Policy, PolicyDraft, Role, RoleAssignment, RoleDraft } from '../../api/values/role.js';
import type { PolicyRecord, RoleHandler } from '../../spi/role-handler.js';
import { nextId, type InMemoryState, type StateHolder } from './in-memory-state.js';

const byId = <T extends { readonly id: number }>(values: Iterable<T>): T[] => [...values].sort((a, b) => a.id - b.id);

/**
 * In-memory RoleHandler: published roles in `state.roles`, drafts in `state.roleDrafts` (reference behaviour of
 * the SPI docstrings).
 */
export function createInMemoryRoleHandler(holder: StateHolder): RoleHandler {
  const s = (): InMemoryState => holder.state;
  const published = (): Role[] => byId(s().roles.values());
  const drafts = (): RoleDraft[] => byId(s().roleDrafts.values());
  const draftOf = (draftId: number): RoleDraft => {
    const draft = s().roleDrafts.get(draftId);
    if (!draft) throw new Error(`Role draft ${draftId} does not exist`);
    return draft;
  };
  const newPolicy = (roleId: number, record: PolicyRecord): PolicyDraft => ({
    id: nextId(s(), 'policy'),
    roleId,
    module: record.module,
    function: record.function,
    limitations: record.limitations.map((limitation) => ({ identifier: limitation.identifier, values: [...limitation.values] })),
    originalId: record.originalId,
  });
  /** The draft holding policy `policyId` and the policy's index in it. */
  const findPolicy = (policyId: number): { draft: RoleDraft; index: number } | null => {
    for (const draft of s().roleDrafts.values()) {
      const index = draft.policies.findIndex((policy) => policy.id === policyId);
      if (index >= 0) return { draft, index };
    }
    return null;
  };

  return {
    loadRole: async (id) => s().roles.get(id) ?? null,
    loadRoleByIdentifier: async (identifier) => published().find((role) => role.identifier === identifier) ?? null,
    loadRoles: async () => published(),
    loadRolesByIds: async (ids) => published().filter((role) => ids.includes(role.id)),
    loadRoleDraft: async (id) => s().roleDrafts.get(id) ?? null,
    loadRoleDraftByRoleId: async (roleId) => drafts().find((draft) => draft.originalId === roleId) ?? null,
    loadRoleDraftsByIdentifier: async (identifier) => drafts().filter((draft) => draft.identifier === identifier),
    async createRoleDraft(record) {
      const id = nextId(s(), 'role');
      const draft: RoleDraft = {
        id,
        identifier: record.identifier,
        status: 'DRAFT',
        originalId: record.originalId,
        policies: record.policies.map((policy) => newPolicy(id, policy)),
      };
      s().roleDrafts.set(id, draft);
      return draft;
    },
    async updateRoleDraft(draftId, update) {
      s().roleDrafts.set(draftId, { ...draftOf(draftId), identifier: update.identifier });
    },
    async deleteRoleDraft(draftId) {
      s().roleDrafts.delete(draftId);
    },
    async publishRoleDraft(draftId) {
      const draft = draftOf(draftId);
      const roleId = draft.originalId !== null && s().roles.has(draft.originalId) ? draft.originalId : draft.id;
      const policies: Policy[] = draft.policies.map((policy) => ({
        id: roleId === draft.id ? policy.id : (policy.originalId ?? policy.id),
        roleId,
        module: policy.module,
        function: policy.function,
        limitations: policy.limitations,
      }));
      s().roles.set(roleId, { id: roleId, identifier: draft.identifier, status: 'DEFINED', policies: byId(policies) });
      s().roleDrafts.delete(draftId);
    },
    async deleteRole(roleId) {
      s().roles.delete(roleId);
      s().assignments = s().assignments.filter((assignment) => assignment.roleId !== roleId);
    },
    async addPolicy(draftId, record) {
      const draft = draftOf(draftId);
      const policy = newPolicy(draftId, record);
      s().roleDrafts.set(draftId, { ...draft, policies: [...draft.policies, policy] });
      return policy;
    },
    async updatePolicy(policyId, limitations) {
      const found = findPolicy(policyId);
      if (!found) return;
      const policies = found.draft.policies.map((policy, index) =>
        index === found.index ? { ...policy, limitations: limitations.map((l) => ({ identifier: l.identifier, values: [...l.values] })) } : policy,
      );
      s().roleDrafts.set(found.draft.id, { ...found.draft, policies });
    },
    async deletePolicy(policyId) {
      const found = findPolicy(policyId);
      if (!found) return;
      s().roleDrafts.set(found.draft.id, { ...found.draft, policies: found.draft.policies.filter((policy) => policy.id !== policyId) });
    },

    loadAssignmentsBySubjects: async (subjectIds) => byId(s().assignments.filter((a) => subjectIds.includes(a.subjectId))),
    loadAssignmentsByRole: async (roleId) => byId(s().assignments.filter((a) => a.roleId === roleId)),
    loadAssignment: async (id) => s().assignments.find((a) => a.id === id) ?? null,
    async assignRole(record) {
      const assignment: RoleAssignment = { ...record, id: nextId(s(), 'assignment') };
      s().assignments.push(assignment);
      return assignment;
    },
    async removeAssignment(assignmentId) {
      s().assignments = s().assignments.filter((assignment) => assignment.id !== assignmentId);
    },
    async removeAssignmentsBySubjects(subjectIds) {
      s().assignments = s().assignments.filter((assignment) => !subjectIds.includes(assignment.subjectId));
    },
  };
}
