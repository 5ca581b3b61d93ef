import type { User } from '../values/user.js';

/** Users (Ibexa `UserService`); reads and authentication. */
export interface UserService {
  /** @throws NotFoundError when no user has this content id; UnauthorizedError without `content/read`. */
  loadUser(userId: number): Promise<User>;
  /** @throws NotFoundError */
  loadUserByLogin(login: string): Promise<User>;
  /**
   * Checks a login and password and the user's `user/login` permission (no permission check of the caller).
   * @throws UnauthorizedError with message `Invalid login or password` when unknown, disabled or wrong password.
   */
  authenticate(login: string, password: string): Promise<User>;
  /** Content ids of the user groups the user belongs to, directly or through parent groups. */
  loadUserGroupIds(userId: number): Promise<readonly number[]>;
}
