import type { FieldInput } from '../../api/structs/content-structs.js';
import type { UserUpdateStruct } from '../../api/structs/user-structs.js';
import type { User } from '../../api/values/user.js';
import { BadStateError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { deleteContent } from '../content/delete-content.js';
import { currentContentType } from '../content/content-type-for-write.js';
import { accountFieldOf, assertEmailAvailable, requiresUniqueEmail } from './create-user.js';
import { permissionsChanged, requireUser } from './user-support.js';
import { updateThroughNewVersion } from './versioned-update.js';

/**
 * Updates a user (Ibexa `UserService::updateUser`; REST `PATCH /user/users/{id}`): account members (e-mail, password,
 * enabled, maxLogin — never the login) and other fields through a new published version, then metadata. The
 * account row follows the published version. One transaction, under the user's lock: the account members the
 * struct omits keep their committed values (a concurrent update of another member is never undone), and a new
 * password is hashed before the transaction.
 *
 * @throws NotFoundError; UnauthorizedError without `content/edit`/`content/publish`; InvalidArgumentError e-mail
 *   used by another user; ContentFieldValidationError (invalid e-mail, weak password, ...).
 */
export async function updateUser(context: ServiceContext, userId: number, struct: UserUpdateStruct): Promise<User> {
  await requireUser(context, userId);
  await updateThroughNewVersion(context, userId, struct, (reader) => accountUpdate(reader, userId, struct));
  if (struct.enabled !== undefined) permissionsChanged(context);
  return requireUser(context, userId, false);
}

/**
 * The account field input of a user update (none when no account member changes): the struct's members over the
 * account as `context` reads it.
 * @throws InvalidArgumentError e-mail used by another user (when the type requires unique e-mails).
 */
async function accountUpdate(context: ServiceContext, userId: number, struct: UserUpdateStruct): Promise<FieldInput[]> {
  const accountChanged =
    struct.email !== undefined || struct.password !== undefined || struct.enabled !== undefined || struct.maxLogin !== undefined;
  if (!accountChanged) return [];
  const user = await requireUser(context, userId, false);
  const contentType = await currentContentType(context, user.contentInfo.contentTypeId);
  if (struct.email !== undefined && struct.email !== user.email && requiresUniqueEmail(contentType)) {
    await assertEmailAvailable(context, struct.email, userId);
  }
  return [
    {
      fieldDefIdentifier: accountFieldOf(contentType),
      languageCode: user.contentInfo.mainLanguageCode,
      value: {
        login: user.login,
        email: struct.email ?? user.email,
        enabled: struct.enabled ?? user.enabled,
        maxLogin: struct.maxLogin ?? user.maxLogin,
        ...(struct.password === undefined ? {} : { password: struct.password }),
      },
    },
  ];
}

/**
 * Deletes a user with its locations, versions, account and role assignments (Ibexa `deleteUser`). `content/remove`.
 * @throws BadStateError `user.self` when the current user deletes themselves (REST 403 on `DELETE /user/users/{id}`).
 */
export async function deleteUser(context: ServiceContext, userId: number): Promise<void> {
  await requireUser(context, userId);
  if (userId === context.userId) throw new BadStateError('$user', 'Users cannot delete themselves', 'user.self');
  await deleteContent(context, userId);
  permissionsChanged(context);
}
