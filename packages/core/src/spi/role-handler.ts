import type { Role, RoleAssignment } from '../api/values/role.js';

/**
 * Roles, policies and assignments (Ibexa `User\Handler` role part); reads used by the PermissionResolver.
 * Roles come ordered by id with their policies ordered by id; assignments ordered by id.
 */
export interface RoleHandler {
  loadRole(roleId: number): Promise<Role | null>;
  loadRoles(): Promise<readonly Role[]>;
  /** Published roles with the given ids, with their policies. */
  loadRolesByIds(roleIds: readonly number[]): Promise<readonly Role[]>;
  /** Assignments whose subject (user or group content id) is one of `subjectIds`. */
  loadAssignmentsBySubjects(subjectIds: readonly number[]): Promise<readonly RoleAssignment[]>;
}
