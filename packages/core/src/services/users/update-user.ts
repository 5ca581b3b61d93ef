import type { UserUpdateStruct } from '../../api/structs/user-structs.js';
import type { User } from '../../api/values/user.js';
import { BadStateError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { deleteContent } from '../content/delete-content.js';
import { loadContentTypeValue } from '../content-types/create-content-type-service.js';
import { inTransaction } from '../in-transaction.js';
import { accountFieldOf, assertEmailAvailable, requiresUniqueEmail } from './create-user.js';
import { permissionsChanged, requireUser } from './user-support.js';
import { updateThroughNewVersion } from './versioned-update.js';

/**
 * Updates a user (Ibexa `UserService::updateUser`; REST `PATCH /user/users/{id}`): account members (e-mail, password,
 * enabled, maxLogin — never the login) and other fields through a new published version, then metadata. The
 * account row follows the published version. One transaction.
 *
 * @throws NotFoundError; UnauthorizedError without `content/edit`/`content/publish`; InvalidArgumentError e-mail
 *   used by another user; ContentFieldValidationError (invalid e-mail, weak password, ...).
 */
export async function updateUser(context: ServiceContext, userId: number, struct: UserUpdateStruct): Promise<User> {
  const user = await requireUser(context, userId);
  const contentType = await loadContentTypeValue(context, user.contentInfo.contentTypeId);
  const accountField = accountFieldOf(contentType);
  const accountChanged =
    struct.email !== undefined || struct.password !== undefined || struct.enabled !== undefined || struct.maxLogin !== undefined;
  if (struct.email !== undefined && struct.email !== user.email && requiresUniqueEmail(contentType)) {
    await assertEmailAvailable(context, struct.email, userId);
  }
  const account = accountChanged
    ? [
        {
          fieldDefIdentifier: accountField,
          languageCode: user.contentInfo.mainLanguageCode,
          value: {
            login: user.login,
            email: struct.email ?? user.email,
            enabled: struct.enabled ?? user.enabled,
            maxLogin: struct.maxLogin ?? user.maxLogin,
            ...(struct.password === undefined ? {} : { password: struct.password }),
          },
        },
      ]
    : [];
  await inTransaction(context, (tx) => updateThroughNewVersion(tx, userId, struct, account));
  if (struct.enabled !== undefined) permissionsChanged(context);
  return requireUser(context, userId, false);
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
