import type { PolicyCreateStruct, PolicyUpdateStruct, RoleCreateStruct, RoleUpdateStruct } from '../../api/structs/role-structs.js';
import type { PolicyDraft, Role, RoleDraft } from '../../api/values/role.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { PolicyRecord } from '../../spi/role-handler.js';
import type { ServiceContext } from '../service-context.js';
import { validatePolicy } from './limitation-validation.js';
import { assertIdentifierFree, assertRole, requireDraft, requireDraftPolicy, requireRole } from './role-support.js';

/**
 * Role drafts (Ibexa `RoleService`): a new role starts as a
 * draft; a published role is changed through a draft of it that replaces it when published. One operation per
 * function, each a single atomic storage write (callers compose them in a transaction).
 */

/** Creates a new role as a draft with its policies (`role/create`). */
export async function createRole(context: ServiceContext, struct: RoleCreateStruct): Promise<RoleDraft> {
  await assertRole(context, 'create');
  await assertIdentifierFree(context, struct.identifier);
  const policies: PolicyRecord[] = [];
  for (const policy of struct.policies ?? []) policies.push(await policyRecord(context, policy, null));
  return context.persistence.roleHandler.createRoleDraft({ identifier: struct.identifier, originalId: null, policies });
}

/** Creates a draft of a published role, copying its policies (`role/create`). @throws InvalidArgumentError */
export async function createRoleDraft(context: ServiceContext, roleId: number): Promise<RoleDraft> {
  await assertRole(context, 'create', { roleId });
  const role = await requireRole(context, roleId);
  if (await context.persistence.roleHandler.loadRoleDraftByRoleId(roleId)) {
    throw new InvalidArgumentError('$role', `Role ${roleId} already has a draft`);
  }
  return context.persistence.roleHandler.createRoleDraft({
    identifier: role.identifier,
    originalId: role.id,
    policies: role.policies.map((policy) => ({
      module: policy.module,
      function: policy.function,
      limitations: policy.limitations,
      originalId: policy.id,
    })),
  });
}

/** A draft by its own id (`role/read`). */
export async function loadRoleDraft(context: ServiceContext, draftId: number): Promise<RoleDraft> {
  await assertRole(context, 'read');
  return requireDraft(context, draftId);
}

/** The draft of a published role (`role/read`). */
export async function loadRoleDraftByRoleId(context: ServiceContext, roleId: number): Promise<RoleDraft> {
  await assertRole(context, 'read');
  const draft = await context.persistence.roleHandler.loadRoleDraftByRoleId(roleId);
  if (!draft) throw new NotFoundError('RoleDraft', roleId);
  return draft;
}

/** Renames a draft (`role/update`). */
export async function updateRoleDraft(context: ServiceContext, draftId: number, struct: RoleUpdateStruct): Promise<RoleDraft> {
  await assertRole(context, 'update', { roleId: draftId });
  const draft = await requireDraft(context, draftId);
  if (struct.identifier !== undefined && struct.identifier !== draft.identifier) {
    await assertIdentifierFree(context, struct.identifier, draft);
    await context.persistence.roleHandler.updateRoleDraft(draftId, { identifier: struct.identifier });
  }
  return requireDraft(context, draftId);
}

/** Adds a policy to a draft after validating it (`role/update`). */
export async function addPolicyByRoleDraft(context: ServiceContext, draftId: number, struct: PolicyCreateStruct): Promise<RoleDraft> {
  await assertRole(context, 'update', { roleId: draftId });
  await requireDraft(context, draftId);
  await context.persistence.roleHandler.addPolicy(draftId, await policyRecord(context, struct, null));
  return requireDraft(context, draftId);
}

/** Replaces the limitations of a draft's policy (`role/update`). */
export async function updatePolicyByRoleDraft(
  context: ServiceContext,
  draftId: number,
  policyId: number,
  struct: PolicyUpdateStruct,
): Promise<PolicyDraft> {
  await assertRole(context, 'update', { roleId: draftId });
  const policy = requireDraftPolicy(await requireDraft(context, draftId), policyId);
  const limitations = await validatePolicy(context, { module: policy.module, function: policy.function, limitations: struct.limitations });
  await context.persistence.roleHandler.updatePolicy(policyId, limitations);
  return requireDraftPolicy(await requireDraft(context, draftId), policyId);
}

/** Removes a policy from a draft (`role/update`). */
export async function removePolicyByRoleDraft(context: ServiceContext, draftId: number, policyId: number): Promise<RoleDraft> {
  await assertRole(context, 'update', { roleId: draftId });
  requireDraftPolicy(await requireDraft(context, draftId), policyId);
  await context.persistence.roleHandler.deletePolicy(policyId);
  return requireDraft(context, draftId);
}

/** Discards a draft (`role/delete`). */
export async function deleteRoleDraft(context: ServiceContext, draftId: number): Promise<void> {
  await assertRole(context, 'delete', { roleId: draftId });
  await requireDraft(context, draftId);
  await context.persistence.roleHandler.deleteRoleDraft(draftId);
}

/** Publishes a draft (`role/update`); every cached role set is dropped. Returns the published role. */
export async function publishRoleDraft(context: ServiceContext, draftId: number): Promise<Role> {
  await assertRole(context, 'update', { roleId: draftId });
  const draft = await requireDraft(context, draftId);
  await context.persistence.roleHandler.publishRoleDraft(draftId);
  context.permissionCache.invalidate();
  const original = draft.originalId === null ? null : await context.persistence.roleHandler.loadRole(draft.originalId);
  return requireRole(context, original ? original.id : draftId);
}

async function policyRecord(context: ServiceContext, struct: PolicyCreateStruct, originalId: number | null): Promise<PolicyRecord> {
  const limitations = await validatePolicy(context, struct);
  return { module: struct.module, function: struct.function, limitations, originalId };
}
