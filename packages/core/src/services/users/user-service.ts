import type { UserService } from '../../api/services/user-service.js';
import type { User } from '../../api/values/user.js';
import { NotFoundError, UnauthorizedError } from '../../errors/repository-error.js';
import type { UserAccount } from '../../spi/user-handler.js';
import type { ServiceContext } from '../context.js';
import { assertCanRead, requireContentInfo } from '../content/content-reads.js';
import { createPermissionGuard } from '../permissions/permission-guard.js';
import { loadGroupIdsOf } from '../permissions/user-groups.js';

/** The UserService of one user scope. */
export function createUserService(context: ServiceContext): UserService {
  const { persistence } = context;

  const toUser = async (account: UserAccount, checkRead: boolean): Promise<User> => {
    const contentInfo = await requireContentInfo(context, account.contentId);
    if (checkRead) await assertCanRead(context, contentInfo);
    return {
      contentInfo,
      login: account.login,
      email: account.email,
      enabled: account.enabled,
      maxLogin: account.maxLogin,
      passwordUpdatedAt: account.passwordUpdatedAt,
    };
  };

  return {
    async loadUser(userId) {
      const account = await persistence.userHandler.loadAccount(userId);
      if (!account) throw NotFoundError.user(userId);
      return toUser(account, true);
    },
    async loadUserByLogin(login) {
      const account = await persistence.userHandler.loadAccountByLogin(login);
      if (!account) throw NotFoundError.user(login);
      return toUser(account, true);
    },
    async authenticate(login, password) {
      const account = await persistence.userHandler.loadAccountByLogin(login);
      if (!account || !account.enabled || !(await context.passwordHasher.verify(password, account.passwordHash))) {
        throw UnauthorizedError.invalidCredentials();
      }
      const guard = createPermissionGuard(context, account.contentId);
      if (!(await guard.canUser('user', 'login', { kind: 'none' }))) throw UnauthorizedError.invalidCredentials();
      return toUser(account, false);
    },
    loadUserGroupIds: (userId) => loadGroupIdsOf(persistence, userId),
  };
}
