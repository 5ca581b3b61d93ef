import type {
  UserCreateStruct,
  UserGroupCreateStruct,
  UserGroupUpdateStruct,
  UserUpdateStruct,
} from '../structs/user-structs.js';
import type { User, UserGroup } from '../values/user.js';

/**
 * Users and user groups (Ibexa `UserService`; REST `/user/users`, `/user/groups`). Users and groups are content: writes
 * go through the content and location services with their permission checks and run in one transaction; reads check
 * `content/read`. Ids are content ids.
 *
 * Errors: NotFoundError (unknown user or group, or content of another type); UnauthorizedError; InvalidArgumentError
 * (login or e-mail already used, already in the group, not in the group); BadStateError (`user.self`,
 * `user.lastGroup`, `userGroup.notEmpty`); ContentValidationError / ContentFieldValidationError for bad fields.
 */
export interface UserService {
  /** @throws NotFoundError when no user has this content id; UnauthorizedError without `content/read`. */
  loadUser(userId: number): Promise<User>;
  /** Logins compare case-insensitively. @throws NotFoundError */
  loadUserByLogin(login: string): Promise<User>;
  /** Readable users with this e-mail (exact match), by id. */
  loadUsersByEmail(email: string): Promise<readonly User[]>;
  /**
   * Checks a login and password and the user's `user/login` permission (no permission check of the caller).
   * @throws UnauthorizedError with message `Invalid login or password` when unknown, disabled or wrong password.
   */
  authenticate(login: string, password: string): Promise<User>;
  /** Content ids of the user groups the user belongs to, directly or through parent groups. */
  loadUserGroupIds(userId: number): Promise<readonly number[]>;

  /**
   * Creates and publishes a user below the main locations of `parentGroupIds` (at least one). The password is
   * hashed by the `ezuser` field type; the account follows the published version.
   * @throws InvalidArgumentError no parent group, login or e-mail already used, a type without account field.
   */
  createUser(struct: UserCreateStruct, parentGroupIds: readonly number[]): Promise<User>;
  /** Updates the account, fields and metadata through a new published version (`content/edit`, `content/publish`). */
  updateUser(userId: number, struct: UserUpdateStruct): Promise<User>;
  /** Deletes a user with its locations and account. @throws BadStateError `user.self` for the current user. */
  deleteUser(userId: number): Promise<void>;

  /** @throws NotFoundError when the content is not a user group. */
  loadUserGroup(groupId: number): Promise<UserGroup>;
  /** @throws NotFoundError */
  loadUserGroupByRemoteId(remoteId: string): Promise<UserGroup>;
  /** Readable groups directly below the group's main location, ordered by the location's sort settings. */
  loadSubUserGroups(groupId: number, offset?: number, limit?: number): Promise<readonly UserGroup[]>;
  /** Creates and publishes a group below the main location of `parentGroupId`. */
  createUserGroup(struct: UserGroupCreateStruct, parentGroupId: number): Promise<UserGroup>;
  updateUserGroup(groupId: number, struct: UserGroupUpdateStruct): Promise<UserGroup>;
  /**
   * Deletes a group with its subgroups. `content/remove`.
   * @throws BadStateError `userGroup.notEmpty` when a user is in the group or one of its subgroups.
   */
  deleteUserGroup(groupId: number): Promise<void>;
  /** Moves a group (its main location subtree) below another group. @throws NotFoundError unknown target. */
  moveUserGroup(groupId: number, newParentGroupId: number): Promise<void>;

  /**
   * Places the user below the group's main location (`content/manage_locations` + `content/create` there).
   * @throws InvalidArgumentError when already in the group.
   */
  assignUserToUserGroup(userId: number, groupId: number): Promise<void>;
  /**
   * Removes the user's location below the group.
   * @throws InvalidArgumentError when not in the group; BadStateError `user.lastGroup` for the last group.
   */
  unAssignUserFromUserGroup(userId: number, groupId: number): Promise<void>;
  /** Readable groups the user is directly in (parents of the user's locations), by location id. */
  loadUserGroupsOfUser(userId: number, offset?: number, limit?: number): Promise<readonly UserGroup[]>;
  /** Readable users directly in the group, ordered by the group location's sort settings. */
  loadUsersOfUserGroup(groupId: number, offset?: number, limit?: number): Promise<readonly User[]>;
}
