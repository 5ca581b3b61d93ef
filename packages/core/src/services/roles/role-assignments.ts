import type { RoleLimitationInput } from '../../api/structs/role-structs.js';
import type { Limitation, Policy, RoleAssignment } from '../../api/values/role.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { LockTarget, PersistenceHandler } from '../../spi/persistence-handler.js';
import { underDiscoveredLocks } from '../discovered-locks.js';
import { recordEvent, type RoleAssignmentPayload } from '../events/record-event.js';
import { underLock } from '../in-transaction.js';
import type { ServiceContext } from '../service-context.js';
import { loadGroupIdsOf } from '../permissions/user-group-ids.js';
import { requireGroup, requireUser } from '../users/user-support.js';
import { validateRoleLimitation } from './limitation-validation.js';
import { assertRole, requireRole, roleTarget } from './role-support.js';

/**
 * Role assignments (Ibexa `RoleService::assignRoleTo*`, `removeRoleAssignment`, `getRoleAssignments*`):
 * `role/assign` (Role and MemberOf limitations) to change them, `role/read` to
 * list them. Every change locks the role (assignments are part of it), checks under the lock, and drops the
 * cached role sets.
 */

const sameLimitation = (left: Limitation | null, right: Limitation | null): boolean =>
  left === right ||
  (left !== null &&
    right !== null &&
    left.identifier === right.identifier &&
    [...left.values].sort().join('\n') === [...right.values].sort().join('\n'));

/**
 * Assigns a published role to a user or a group, optionally with a Section or Subtree limitation.
 * @throws NotFoundError unknown role or subject; UnauthorizedError; LimitationValidationError (REST 400);
 *   InvalidArgumentError when the same assignment exists.
 */
export async function assignRole(
  context: ServiceContext,
  roleId: number,
  subject: { readonly kind: 'user' | 'group'; readonly id: number },
  limitationInput: RoleLimitationInput | undefined,
): Promise<RoleAssignment> {
  await requireRole(context, roleId);
  if (subject.kind === 'user') await requireUser(context, subject.id);
  else await requireGroup(context, subject.id);
  await context.guard.assert('role', 'assign', { kind: 'roleAssignment', roleId, subjectKind: subject.kind, subjectId: subject.id }, { roleId });
  const limitation = limitationInput ? await validateRoleLimitation(context, limitationInput) : null;
  const assignment = await underLock(context, [roleTarget(roleId)], async (tx) => {
    await requireRole(tx, roleId);
    const existing = await tx.persistence.roleHandler.loadAssignmentsBySubjects([subject.id]);
    if (existing.some((candidate) => candidate.roleId === roleId && sameLimitation(candidate.limitation, limitation))) {
      throw new InvalidArgumentError('$role', `Role ${roleId} is already assigned to ${subject.kind} ${subject.id} with this limitation`);
    }
    const created = await tx.persistence.roleHandler.assignRole({ roleId, subjectKind: subject.kind, subjectId: subject.id, limitation });
    await recordEvent(tx, 'role.assigned', assignmentPayload(created));
    return created;
  });
  context.permissionCache.invalidate();
  return assignment;
}

/** An assignment by id (`role/read`). @throws NotFoundError */
export async function loadRoleAssignment(context: ServiceContext, assignmentId: number): Promise<RoleAssignment> {
  await assertRole(context, 'read');
  const assignment = await context.persistence.roleHandler.loadAssignment(assignmentId);
  if (!assignment) throw new NotFoundError('RoleAssignment', assignmentId);
  return assignment;
}

/** Removes an assignment (`role/assign` on its role and subject), under the lock of its role. @throws NotFoundError */
export async function removeRoleAssignment(context: ServiceContext, assignmentId: number): Promise<void> {
  const discover = async (persistence: PersistenceHandler): Promise<LockTarget[]> => {
    const assignment = await persistence.roleHandler.loadAssignment(assignmentId);
    return assignment ? [roleTarget(assignment.roleId)] : [];
  };
  await underDiscoveredLocks(context, discover, async (tx) => {
    const assignment = await tx.persistence.roleHandler.loadAssignment(assignmentId);
    if (!assignment) throw new NotFoundError('RoleAssignment', assignmentId);
    await tx.guard.assert(
      'role',
      'assign',
      { kind: 'roleAssignment', roleId: assignment.roleId, subjectKind: assignment.subjectKind, subjectId: assignment.subjectId },
      { roleId: assignment.roleId },
    );
    await tx.persistence.roleHandler.removeAssignment(assignmentId);
    await recordEvent(tx, 'role.unassigned', assignmentPayload(assignment));
  });
  context.permissionCache.invalidate();
}

/** The event payload naming an assignment's subject by its kind (`userId` or `userGroupId`). */
function assignmentPayload(assignment: RoleAssignment): RoleAssignmentPayload {
  const { roleId, id: assignmentId } = assignment;
  return assignment.subjectKind === 'user' ? { roleId, userId: assignment.subjectId, assignmentId } : { roleId, userGroupId: assignment.subjectId, assignmentId };
}

/** Assignments of a published role (`role/read`). */
export async function getRoleAssignments(context: ServiceContext, roleId: number): Promise<readonly RoleAssignment[]> {
  await assertRole(context, 'read');
  await requireRole(context, roleId);
  return context.persistence.roleHandler.loadAssignmentsByRole(roleId);
}

/** Assignments made to a user, plus (with `inherited`) those of the groups it is in (`role/read`). */
export async function getRoleAssignmentsForUser(context: ServiceContext, userId: number, inherited = false): Promise<readonly RoleAssignment[]> {
  await assertRole(context, 'read');
  await requireUser(context, userId);
  const subjects = inherited ? [userId, ...(await loadGroupIdsOf(context.persistence, userId))] : [userId];
  const assignments = await context.persistence.roleHandler.loadAssignmentsBySubjects(subjects);
  return assignments.filter((assignment) => inherited || assignment.subjectKind === 'user');
}

/** Assignments made to a group (`role/read`). */
export async function getRoleAssignmentsForUserGroup(context: ServiceContext, groupId: number): Promise<readonly RoleAssignment[]> {
  await assertRole(context, 'read');
  await requireGroup(context, groupId);
  return (await context.persistence.roleHandler.loadAssignmentsBySubjects([groupId])).filter((assignment) => assignment.subjectKind === 'group');
}

/** Policies of every role assigned to the user directly or through its groups, by id (`role/read`). */
export async function loadPoliciesByUserId(context: ServiceContext, userId: number): Promise<readonly Policy[]> {
  await assertRole(context, 'read');
  await requireUser(context, userId, false);
  const { roleHandler } = context.persistence;
  const assignments = await roleHandler.loadAssignmentsBySubjects([userId, ...(await loadGroupIdsOf(context.persistence, userId))]);
  const roles = await roleHandler.loadRolesByIds([...new Set(assignments.map((assignment) => assignment.roleId))]);
  return roles.flatMap((role) => role.policies).sort((a, b) => a.id - b.id);
}
