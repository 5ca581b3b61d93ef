import type { PolicyCreateStruct, PolicyUpdateStruct, RoleUpdateStruct } from '../../api/structs/role-structs.js';
import type { Policy, Role } from '../../api/values/role.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { underLock } from '../in-transaction.js';
import {
  addPolicyByRoleDraft,
  createRoleDraft,
  publishRoleDraft,
  removePolicyByRoleDraft,
  updatePolicyByRoleDraft,
  updateRoleDraft,
} from './role-drafts.js';
import { requireDraft, requireRole, roleTarget } from './role-support.js';

/**
 * The REST shortcuts on a published role (`PATCH /user/roles/{id}` and the writes under `…/policies`; Ibexa's
 * deprecated `updateRole`, `addPolicy`, `updatePolicy`, `deletePolicy`): a draft of the role is created, changed and
 * published in one transaction, so a failing change leaves neither a draft nor a change behind, and other pending
 * drafts of the role neither block nor are touched by it (Ibexa 4.6). Published policies keep their ids through the
 * draft.
 */

/** Renames a published role. */
export async function updateRole(context: ServiceContext, roleId: number, struct: RoleUpdateStruct): Promise<Role> {
  return throughDraft(context, roleId, async (tx, draftId) => {
    await updateRoleDraft(tx, draftId, struct);
  });
}

/** Adds a policy to a published role; returns it (the published role's policy with the highest id). */
export async function addPolicy(context: ServiceContext, roleId: number, struct: PolicyCreateStruct): Promise<Policy> {
  const role = await throughDraft(context, roleId, async (tx, draftId) => {
    await addPolicyByRoleDraft(tx, draftId, struct);
  });
  const added = role.policies.reduce<Policy | undefined>((last, policy) => (last === undefined || policy.id > last.id ? policy : last), undefined);
  if (!added) throw new Error('addPolicy: the published role has no policy');
  return added;
}

/** Replaces the limitations of a published role's policy. @throws NotFoundError unknown policy */
export async function updatePolicy(context: ServiceContext, roleId: number, policyId: number, struct: PolicyUpdateStruct): Promise<Policy> {
  requirePolicy(await requireRole(context, roleId), policyId);
  const role = await throughDraft(context, roleId, async (tx, draftId, draftPolicyOf) => {
    await updatePolicyByRoleDraft(tx, draftId, draftPolicyOf(policyId), struct);
  });
  return requirePolicy(role, policyId);
}

/** Deletes one policy (`policyId`) or all of them (null) of a published role. @throws NotFoundError */
export async function deletePolicy(context: ServiceContext, roleId: number, policyId: number | null): Promise<void> {
  const role = await requireRole(context, roleId);
  if (policyId !== null) requirePolicy(role, policyId);
  await throughDraft(context, roleId, async (tx, draftId, draftPolicyOf) => {
    const draft = await requireDraft(tx, draftId);
    const ids = policyId === null ? draft.policies.map((policy) => policy.id) : [draftPolicyOf(policyId)];
    for (const id of ids) await removePolicyByRoleDraft(tx, draftId, id);
  });
}

function requirePolicy(role: Role, policyId: number): Policy {
  const policy = role.policies.find((candidate) => candidate.id === policyId);
  if (!policy) throw new NotFoundError('Policy', policyId);
  return policy;
}

/**
 * Creates a draft of `roleId`, runs `change` on it (with a lookup from published policy ids to the draft's) and
 * publishes it, in one transaction under the role's lock, so that concurrent changes of one role run one after
 * the other, each on the role the previous one published. Other pending drafts of the role stay as they are (Ibexa
 * 4.6). @throws NotFoundError unknown role or policy
 */
async function throughDraft(
  context: ServiceContext,
  roleId: number,
  change: (tx: ServiceContext, draftId: number, draftPolicyOf: (policyId: number) => number) => Promise<void>,
): Promise<Role> {
  const role = await underLock(context, [roleTarget(roleId)], async (tx) => {
    const draft = await createRoleDraft(tx, roleId);
    const byOriginal = new Map(draft.policies.map((policy) => [policy.originalId, policy.id]));
    await change(tx, draft.id, (policyId) => {
      const id = byOriginal.get(policyId);
      if (id === undefined) throw new NotFoundError('Policy', policyId);
      return id;
    });
    return publishRoleDraft(tx, draft.id);
  });
  context.permissionCache.invalidate();
  return role;
}
