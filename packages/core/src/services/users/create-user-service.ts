import type { UserService } from '../../api/services/user-service.js';
import type { User } from '../../api/values/user.js';
import { NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { createPermissionGuard } from '../permissions/permission-guard.js';
import { loadGroupIdsOf } from '../permissions/user-group-ids.js';
import { createUser } from './create-user.js';
import { deleteUser, updateUser } from './update-user.js';
import {
  createUserGroup,
  deleteUserGroup,
  loadSubUserGroups,
  loadUserGroupByRemoteId,
  moveUserGroup,
  updateUserGroup,
} from './user-groups.js';
import { assignUserToUserGroup, loadUserGroupsOfUser, loadUsersOfUserGroup, unAssignUserFromUserGroup } from './user-membership.js';
import { requireGroup, requireUser, toUser } from './user-support.js';

/**
 * The UserService of one user scope (Ibexa `UserService`): one operation per module — creation
 * (`create-user.ts`), update and delete (`update-user.ts`), groups (`user-groups.ts`), membership and lists
 * (`user-membership.ts`).
 */
export function createUserService(context: ServiceContext): UserService {
  const { persistence } = context;
  return {
    loadUser: (userId) => requireUser(context, userId),
    async loadUserByLogin(login) {
      const account = await persistence.userHandler.loadAccountByLogin(login);
      if (!account) throw NotFoundError.user(login);
      return requireUser(context, account.contentId);
    },
    async loadUsersByEmail(email) {
      const accounts = await persistence.userHandler.loadAccountsByEmail(email);
      const infos = new Map((await persistence.contentHandler.loadContentInfoList(accounts.map((a) => a.contentId))).map((info) => [info.id, info]));
      const users: User[] = [];
      for (const account of accounts) {
        const contentInfo = infos.get(account.contentId);
        if (contentInfo && (await context.guard.canUser('content', 'read', { kind: 'content', contentInfo }))) users.push(toUser(account, contentInfo));
      }
      return users;
    },
    async authenticate(login, password) {
      const account = await persistence.userHandler.loadAccountByLogin(login);
      if (!account || !account.enabled || !(await context.passwordHasher.verify(password, account.passwordHash))) {
        throw UnauthorizedError.invalidCredentials();
      }
      const guard = createPermissionGuard(context, account.contentId);
      if (!(await guard.canUser('user', 'login', { kind: 'none' }))) throw UnauthorizedError.invalidCredentials();
      return requireUser(context, account.contentId, false);
    },
    loadUserGroupIds: (userId) => loadGroupIdsOf(persistence, userId),
    createUser: (struct, parentGroupIds) => createUser(context, struct, parentGroupIds),
    updateUser: (userId, struct) => updateUser(context, userId, struct),
    deleteUser: (userId) => deleteUser(context, userId),
    loadUserGroup: async (groupId) => (await requireGroup(context, groupId)).group,
    loadUserGroupByRemoteId: (remoteId) => loadUserGroupByRemoteId(context, remoteId),
    loadSubUserGroups: (groupId, offset, limit) => loadSubUserGroups(context, groupId, offset, limit),
    createUserGroup: (struct, parentGroupId) => createUserGroup(context, struct, parentGroupId),
    updateUserGroup: (groupId, struct) => updateUserGroup(context, groupId, struct),
    deleteUserGroup: (groupId) => deleteUserGroup(context, groupId),
    moveUserGroup: (groupId, newParentGroupId) => moveUserGroup(context, groupId, newParentGroupId),
    assignUserToUserGroup: (userId, groupId) => assignUserToUserGroup(context, userId, groupId),
    unAssignUserFromUserGroup: (userId, groupId) => unAssignUserFromUserGroup(context, userId, groupId),
    loadUserGroupsOfUser: (userId, offset, limit) => loadUserGroupsOfUser(context, userId, offset, limit),
    loadUsersOfUserGroup: (groupId, offset, limit) => loadUsersOfUserGroup(context, groupId, offset, limit),
  };
}
