import type { Hrefs } from '../hrefs.js';

/**
 * Hrefs of the user, group, role and policy resources, built on {@link Hrefs}.
 * Group paths are location path strings (`/1/5/12/` → `/user/groups/1/5/12`).
 */
export interface UserHrefs {
  users(): string;
  userRole(userId: number, roleId: number): string;
  userDrafts(userId: number): string;
  /** `unassign` link of a group listed for a user: `/user/users/{userId}/groups/{groupLocationId}`. */
  unassign(userId: number, groupLocationId: number): string;
  groupSubgroups(pathString: string): string;
  groupUsers(pathString: string): string;
  groupRoles(pathString: string): string;
  groupRole(pathString: string, roleId: number): string;
  roles(): string;
  role(roleId: number): string;
  roleDraft(roleId: number): string;
  rolePolicies(roleId: number): string;
  policy(roleId: number, policyId: number): string;
  policies(): string;
}

/** The user and role hrefs under the prefix of `hrefs`. */
export function userHrefs(hrefs: Hrefs): UserHrefs {
  const role = (roleId: number): string => hrefs.path(`/user/roles/${roleId}`);
  return {
    users: () => hrefs.path('/user/users'),
    userRole: (userId, roleId) => `${hrefs.userRoles(userId)}/${roleId}`,
    userDrafts: (userId) => `${hrefs.user(userId)}/drafts`,
    unassign: (userId, groupLocationId) => `${hrefs.userGroups(userId)}/${groupLocationId}`,
    groupSubgroups: (pathString) => `${hrefs.userGroup(pathString)}/subgroups`,
    groupUsers: (pathString) => `${hrefs.userGroup(pathString)}/users`,
    groupRoles: (pathString) => `${hrefs.userGroup(pathString)}/roles`,
    groupRole: (pathString, roleId) => `${hrefs.userGroup(pathString)}/roles/${roleId}`,
    roles: () => hrefs.path('/user/roles'),
    role,
    roleDraft: (roleId) => `${role(roleId)}/draft`,
    rolePolicies: (roleId) => `${role(roleId)}/policies`,
    policy: (roleId, policyId) => `${role(roleId)}/policies/${policyId}`,
    policies: () => hrefs.path('/user/policies'),
  };
}
