import type { PolicyDraft, Role, RoleDraft } from '../../api/values/role.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { LockTarget } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';

/** The lock target of a role: the published role with its draft, policies and assignments (a new role's draft by its own id). */
export const roleTarget = (roleId: number): LockTarget => ({ kind: 'role', id: roleId });

/** Checks a `role/<func>` permission (no limitations apply to them in Ibexa). @throws UnauthorizedError */
export function assertRole(context: ServiceContext, func: 'read' | 'create' | 'update' | 'delete', properties: Record<string, number> = {}): Promise<void> {
  return context.guard.assert('role', func, { kind: 'none' }, properties);
}

/** A published role. @throws NotFoundError */
export async function requireRole(context: ServiceContext, roleId: number): Promise<Role> {
  const role = await context.persistence.roleHandler.loadRole(roleId);
  if (!role) throw NotFoundError.role(roleId);
  return role;
}

/** A role draft by its own id. @throws NotFoundError */
export async function requireDraft(context: ServiceContext, draftId: number): Promise<RoleDraft> {
  const draft = await context.persistence.roleHandler.loadRoleDraft(draftId);
  if (!draft) throw new NotFoundError('RoleDraft', draftId);
  return draft;
}

/** A policy of a draft. @throws NotFoundError */
export function requireDraftPolicy(draft: RoleDraft, policyId: number): PolicyDraft {
  const policy = draft.policies.find((candidate) => candidate.id === policyId);
  if (!policy) throw new NotFoundError('Policy', policyId);
  return policy;
}

/**
 * Role identifiers are unique among published roles and the drafts of new roles (Ibexa: "A Role with identifier
 * ... already exists"). Drafts of an existing role carry that role's identifier, possibly several at once and after
 * the role's deletion, so they reserve nothing (as in Ibexa 4.6): publishing one checks its identifier again.
 * `own` is the draft being renamed (its original role may keep the identifier).
 * @throws InvalidArgumentError (REST 403 on `POST /user/roles`)
 */
export async function assertIdentifierFree(context: ServiceContext, identifier: string, own: RoleDraft | null = null): Promise<void> {
  if (identifier.trim() === '') throw new InvalidArgumentError('identifier', 'A role identifier must not be empty');
  const { roleHandler } = context.persistence;
  const role = await roleHandler.loadRoleByIdentifier(identifier);
  const drafts = await roleHandler.loadRoleDraftsByIdentifier(identifier);
  const taken = (role !== null && role.id !== own?.originalId) || drafts.some((draft) => draft.originalId === null && draft.id !== own?.id);
  if (taken) throw new InvalidArgumentError('identifier', `A Role with identifier '${identifier}' already exists`);
}
