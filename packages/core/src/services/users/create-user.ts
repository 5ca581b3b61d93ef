import type { FieldInput } from '../../api/structs/content-structs.js';
import type { UserCreateStruct } from '../../api/structs/user-structs.js';
import type { ContentType } from '../../api/values/content-type.js';
import type { User } from '../../api/values/user.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import { userAccountDefinition } from '../../field-types/ezuser/user-content.js';
import type { ServiceContext } from '../service-context.js';
import { createAndPublishContent } from '../content/create-content.js';
import { currentContentType } from '../content/content-type-for-write.js';
import { requireGroup, requireUser, USER_TYPE_IDENTIFIER } from './user-support.js';

/** The identifier of the account (`ezuser`) field of a user content type. @throws InvalidArgumentError */
export function accountFieldOf(contentType: ContentType): string {
  const definition = userAccountDefinition(contentType.fieldDefinitions);
  if (!definition) {
    throw new InvalidArgumentError('$contentType', `Content type '${contentType.identifier}' has no user account field`);
  }
  return definition.identifier;
}

/** Whether the account field of the type requires unique e-mails (`RequireUniqueEmail`, default true). */
export function requiresUniqueEmail(contentType: ContentType): boolean {
  const definition = userAccountDefinition(contentType.fieldDefinitions);
  return definition?.fieldSettings['RequireUniqueEmail'] !== false;
}

/**
 * @throws InvalidArgumentError when another user has this e-mail (REST 403, as Ibexa answers when the login or
 *   e-mail exists).
 */
export async function assertEmailAvailable(context: ServiceContext, email: string, userId: number | null): Promise<void> {
  const others = await context.persistence.userHandler.loadAccountsByEmail(email);
  if (others.some((account) => account.contentId !== userId)) {
    throw new InvalidArgumentError('email', `User with provided email '${email}' already exists`);
  }
}

/**
 * Creates and publishes a user (Ibexa `UserService::createUser`): a content item of the user type placed below
 * the main location of every parent group, whose account field carries login, e-mail, password (hashed by the
 * `ezuser` field type), enabled and maxLogin. One transaction.
 *
 * @throws InvalidArgumentError no parent group; login or e-mail already used; a type without account field; an
 *   account field set in `fields`.
 * @throws NotFoundError unknown group or content type; UnauthorizedError without `content/create` (and
 *   `content/publish`) below the groups; ContentFieldValidationError for invalid fields (weak password, ...).
 */
export async function createUser(context: ServiceContext, struct: UserCreateStruct, parentGroupIds: readonly number[]): Promise<User> {
  if (parentGroupIds.length === 0) throw new InvalidArgumentError('$parentGroups', 'A user needs at least one parent user group');
  const contentType =
    struct.contentTypeId === undefined
      ? await loadTypeByIdentifier(context, USER_TYPE_IDENTIFIER)
      : await currentContentType(context, struct.contentTypeId);
  const accountField = accountFieldOf(contentType);
  if (struct.fields.some((field) => field.fieldDefIdentifier === accountField)) {
    throw new InvalidArgumentError('$userCreateStruct', `The account field '${accountField}' is set by login, email and password`);
  }
  if ((await context.persistence.userHandler.loadAccountByLogin(struct.login)) !== null) {
    throw new InvalidArgumentError('login', `User with provided login '${struct.login}' already exists`);
  }
  if (requiresUniqueEmail(contentType)) await assertEmailAvailable(context, struct.email, null);
  const parents = await Promise.all(parentGroupIds.map((groupId) => requireGroup(context, groupId)));

  const account: FieldInput = {
    fieldDefIdentifier: accountField,
    value: { login: struct.login, email: struct.email, password: struct.password, enabled: struct.enabled ?? true, maxLogin: struct.maxLogin ?? 0 },
  };
  const created = await createAndPublishContent(
    context,
    {
      contentTypeId: contentType.id,
      mainLanguageCode: struct.mainLanguageCode,
      fields: [...struct.fields, account],
      ...(struct.sectionId === undefined ? {} : { sectionId: struct.sectionId }),
      ...(struct.remoteId === undefined ? {} : { remoteId: struct.remoteId }),
      ...(struct.ownerId === undefined ? {} : { ownerId: struct.ownerId }),
      ...(struct.alwaysAvailable === undefined ? {} : { alwaysAvailable: struct.alwaysAvailable }),
    },
    parents.map(({ mainLocation }) => ({ parentLocationId: mainLocation.id })),
  );
  return requireUser(context, created.contentInfo.id, false);
}

/** @throws NotFoundError */
async function loadTypeByIdentifier(context: ServiceContext, identifier: string): Promise<ContentType> {
  const stored = await context.persistence.contentTypeHandler.loadByIdentifier(identifier);
  if (!stored) throw NotFoundError.contentType(identifier);
  return currentContentType(context, stored.id);
}
