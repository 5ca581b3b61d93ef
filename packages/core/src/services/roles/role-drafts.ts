import type { PolicyCreateStruct, PolicyUpdateStruct, RoleCreateStruct, RoleUpdateStruct } from '../../api/structs/role-structs.js';
import type { PolicyDraft, Role, RoleDraft } from '../../api/values/role.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { PolicyRecord } from '../../spi/role-handler.js';
import type { LockTarget, PersistenceHandler } from '../../spi/persistence-handler.js';
import { underDiscoveredLocks } from '../discovered-locks.js';
import { recordEvent } from '../events/record-event.js';
import { underLock } from '../in-transaction.js';
import type { ServiceContext } from '../service-context.js';
import { validatePolicy } from './limitation-validation.js';
import { assertIdentifierFree, assertRole, requireDraft, requireDraftPolicy, requireRole, roleTarget } from './role-support.js';

/**
 * Role drafts (Ibexa `RoleService`): a new role starts as a
 * draft; a published role is changed through drafts of it (several at once, as in Ibexa 4.6), each replacing it
 * when published; drafts outlive their role's deletion. One operation per function, each under the lock of the role
 * (kind `role`: the role with its drafts, policies and assignments; a draft of a deleted role stays under that role's
 * id), reading the draft under it; callers compose them in a transaction.
 */

/** Creates a new role as a draft with its policies (`role/create`); locks it (the draft's id is the role's). */
export async function createRole(context: ServiceContext, struct: RoleCreateStruct): Promise<RoleDraft> {
  await assertRole(context, 'create');
  await assertIdentifierFree(context, struct.identifier);
  const policies: PolicyRecord[] = [];
  for (const policy of struct.policies ?? []) policies.push(await policyRecord(context, policy, null));
  return underLock(context, [], async (tx) => {
    const draft = await tx.persistence.roleHandler.createRoleDraft({ identifier: struct.identifier, originalId: null, policies });
    await tx.persistence.lock([roleTarget(draft.id)]);
    return draft;
  });
}

/**
 * Creates a draft of a published role, copying its policies (`role/create`), under the role's lock. A role may
 * have several drafts at once, each published or deleted on its own (Ibexa 4.6). @throws NotFoundError unknown role
 */
export async function createRoleDraft(context: ServiceContext, roleId: number): Promise<RoleDraft> {
  await assertRole(context, 'create', { roleId });
  return underLock(context, [roleTarget(roleId)], async (tx) => {
    const role = await requireRole(tx, roleId);
    return tx.persistence.roleHandler.createRoleDraft({
      identifier: role.identifier,
      originalId: role.id,
      policies: role.policies.map((policy) => ({
        module: policy.module,
        function: policy.function,
        limitations: policy.limitations,
        originalId: policy.id,
      })),
    });
  });
}

/** A draft by its own id (`role/read`). */
export async function loadRoleDraft(context: ServiceContext, draftId: number): Promise<RoleDraft> {
  await assertRole(context, 'read');
  return requireDraft(context, draftId);
}

/** The first (lowest id) draft of the role `roleId`, also of a deleted role (`role/read`). */
export async function loadRoleDraftByRoleId(context: ServiceContext, roleId: number): Promise<RoleDraft> {
  await assertRole(context, 'read');
  const draft = await context.persistence.roleHandler.loadRoleDraftByRoleId(roleId);
  if (!draft) throw new NotFoundError('RoleDraft', roleId);
  return draft;
}

/** Renames a draft (`role/update`). */
export async function updateRoleDraft(context: ServiceContext, draftId: number, struct: RoleUpdateStruct): Promise<RoleDraft> {
  await assertRole(context, 'update', { roleId: draftId });
  return underDraftLock(context, draftId, async (tx, draft) => {
    if (struct.identifier !== undefined && struct.identifier !== draft.identifier) {
      await assertIdentifierFree(tx, struct.identifier, draft);
      await tx.persistence.roleHandler.updateRoleDraft(draftId, { identifier: struct.identifier });
    }
    return requireDraft(tx, draftId);
  });
}

/** Adds a policy to a draft after validating it (`role/update`). */
export async function addPolicyByRoleDraft(context: ServiceContext, draftId: number, struct: PolicyCreateStruct): Promise<RoleDraft> {
  await assertRole(context, 'update', { roleId: draftId });
  await requireDraft(context, draftId);
  const record = await policyRecord(context, struct, null);
  return underDraftLock(context, draftId, async (tx) => {
    await tx.persistence.roleHandler.addPolicy(draftId, record);
    return requireDraft(tx, draftId);
  });
}

/** Replaces the limitations of a draft's policy (`role/update`). */
export async function updatePolicyByRoleDraft(
  context: ServiceContext,
  draftId: number,
  policyId: number,
  struct: PolicyUpdateStruct,
): Promise<PolicyDraft> {
  await assertRole(context, 'update', { roleId: draftId });
  return underDraftLock(context, draftId, async (tx, draft) => {
    const policy = requireDraftPolicy(draft, policyId);
    const limitations = await validatePolicy(tx, { module: policy.module, function: policy.function, limitations: struct.limitations });
    await tx.persistence.roleHandler.updatePolicy(policyId, limitations);
    return requireDraftPolicy(await requireDraft(tx, draftId), policyId);
  });
}

/** Removes a policy from a draft (`role/update`). */
export async function removePolicyByRoleDraft(context: ServiceContext, draftId: number, policyId: number): Promise<RoleDraft> {
  await assertRole(context, 'update', { roleId: draftId });
  return underDraftLock(context, draftId, async (tx, draft) => {
    requireDraftPolicy(draft, policyId);
    await tx.persistence.roleHandler.deletePolicy(policyId);
    return requireDraft(tx, draftId);
  });
}

/** Discards a draft (`role/delete`). */
export async function deleteRoleDraft(context: ServiceContext, draftId: number): Promise<void> {
  await assertRole(context, 'delete', { roleId: draftId });
  await underDraftLock(context, draftId, (tx) => tx.persistence.roleHandler.deleteRoleDraft(draftId));
}

/**
 * Publishes a draft (`role/update`); every cached role set is dropped. A draft of a published role replaces it
 * (identifier and policies; its assignments stay); a new role's draft, or a draft whose role was deleted since,
 * becomes a role of its own under the draft's id (Ibexa 4.6), which is locked as well. Sibling drafts of one role
 * publish one after the other under the role's lock, the last one published winning. Returns the published role.
 * @throws InvalidArgumentError when another published role has the draft's identifier (REST 406)
 */
export async function publishRoleDraft(context: ServiceContext, draftId: number): Promise<Role> {
  await assertRole(context, 'update', { roleId: draftId });
  const role = await underDraftLock(context, draftId, async (tx, draft) => {
    const original = draft.originalId === null ? null : await tx.persistence.roleHandler.loadRole(draft.originalId);
    const publishedId = original ? original.id : draftId;
    if (publishedId !== (draft.originalId ?? draftId)) await tx.persistence.lock([roleTarget(publishedId)]);
    const holder = await tx.persistence.roleHandler.loadRoleByIdentifier(draft.identifier);
    if (holder && holder.id !== publishedId) {
      throw new InvalidArgumentError('identifier', `A Role with identifier '${draft.identifier}' already exists`);
    }
    await tx.persistence.roleHandler.publishRoleDraft(draftId);
    await recordEvent(tx, original ? 'role.updated' : 'role.created', { roleId: publishedId });
    return requireRole(tx, publishedId);
  });
  context.permissionCache.invalidate();
  return role;
}

/**
 * Runs a write of a draft under the lock of its role (the published role it copies, or the new role it becomes),
 * with the draft as read under the lock. @throws NotFoundError when the draft does not exist (any more).
 */
function underDraftLock<T>(context: ServiceContext, draftId: number, work: (tx: ServiceContext, draft: RoleDraft) => Promise<T>): Promise<T> {
  const discover = async (persistence: PersistenceHandler): Promise<LockTarget[]> => {
    const draft = await persistence.roleHandler.loadRoleDraft(draftId);
    return draft ? [roleTarget(draft.originalId ?? draft.id)] : [];
  };
  return underDiscoveredLocks(context, discover, async (tx) => work(tx, await requireDraft(tx, draftId)));
}

async function policyRecord(context: ServiceContext, struct: PolicyCreateStruct, originalId: number | null): Promise<PolicyRecord> {
  const limitations = await validatePolicy(context, struct);
  return { module: struct.module, function: struct.function, limitations, originalId };
}
