import type { ContentInfo } from '../../api/values/content.js';
import type { ContentType } from '../../api/values/content-type.js';
import { InvalidArgumentError } from '../../errors/repository-error.js';
import type { UserAccountValue } from '../../field-types/ezuser/index.js';
import { isUserAccountValue, userAccountDefinition } from '../../field-types/ezuser/user-content.js';
import type { LockTarget, PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ContentIndexDocument } from '../../spi/search-handler.js';
import type { UserAccount } from '../../spi/user-handler.js';
import type { RepositoryRuntime } from '../repository-runtime.js';
import type { ServiceContext } from '../service-context.js';
import { underLock } from '../in-transaction.js';
import type { VersionValues } from './content-field-values.js';
import { contentTypeTarget } from './content-type-for-write.js';
import { LANGUAGES_TARGET } from '../languages/create-language-service.js';

/** The lock target of a content item: the item with its versions, fields, names, relations and metadata. */
export const contentTarget = (contentId: number): LockTarget => ({ kind: 'content', id: contentId });

/**
 * Runs a read-modify-write of a content item that depends on its content type (field validation, indexing):
 * `underLock` on the item, with the type and the languages held shared first (`contentType` and `language` come
 * before `content` in the lock order; a language in use cannot be deleted meanwhile, `languageCodesForWrite`), so that `work` reads the type as committed with `contentTypeForWrite` and no change of the type commits
 * before the write does. An item's content type never changes, so the id read before the transaction holds.
 */
export function underContentLock<T>(
  context: ServiceContext,
  contentInfo: Pick<ContentInfo, 'id' | 'contentTypeId'>,
  work: (tx: ServiceContext) => Promise<T>,
): Promise<T> {
  return underLock(context, [contentTarget(contentInfo.id)], work, [contentTypeTarget(contentInfo.contentTypeId), LANGUAGES_TARGET]);
}

/**
 * Builds the search index document of a published version: one entry per field with the field type's search
 * data and search family (only searchable definitions of searchable types are indexed, as in the Legacy engine),
 * and the version's `names` when the caller holds them.
 */
export function indexDocument(
  runtime: Pick<RepositoryRuntime, 'fieldTypes'>,
  contentType: ContentType,
  contentId: number,
  versionNo: number,
  values: VersionValues,
  names?: Readonly<Record<string, string>>,
): ContentIndexDocument {
  const fields: ContentIndexDocument['fields'][number][] = [];
  for (const definition of contentType.fieldDefinitions) {
    const type = runtime.fieldTypes.get(definition.fieldTypeIdentifier);
    if (!definition.isSearchable || !type.searchable) continue;
    const { searchFamily } = type;
    for (const [languageCode, languageFields] of values) {
      const value = languageFields.get(definition.identifier) ?? type.emptyValue();
      const data = type.toSearchData(value);
      fields.push({
        fieldDefinitionId: definition.id,
        fieldDefIdentifier: definition.identifier,
        fieldTypeIdentifier: type.identifier,
        searchFamily,
        languageCode,
        sortKeyInt: data.sortKeyInt,
        sortKeyString: data.sortKeyString,
        fullText: data.fullText,
        ...(data.elements ? { elements: data.elements } : {}),
      });
    }
  }
  return { contentId, versionNo, fields, ...(names ? { names } : {}) };
}

/**
 * The user account of a version of a user content item: the value of the type's account field in the main
 * language, when it has a login; null for other content types (Ibexa: the `ezuser` field makes content a user).
 */
export function userAccountValue(contentType: ContentType, values: VersionValues, mainLanguageCode: string): UserAccountValue | null {
  const definition = userAccountDefinition(contentType.fieldDefinitions);
  if (!definition) return null;
  const value = values.get(mainLanguageCode)?.get(definition.identifier);
  return isUserAccountValue(value) && value.login !== '' ? value : null;
}

/**
 * Checks that a user account's login is not used by another user (Ibexa UserStorage rule).
 * @throws InvalidArgumentError
 */
export async function assertLoginAvailable(
  persistence: PersistenceHandler,
  login: string,
  contentId: number | null,
): Promise<void> {
  const existing = await persistence.userHandler.loadAccountByLogin(login);
  if (existing && existing.contentId !== contentId) {
    throw new InvalidArgumentError('login', `User with provided login '${login}' already exists`);
  }
}

/** Writes the account of a published user content item (the `user_account` row follows the published version). */
export async function syncUserAccount(
  persistence: PersistenceHandler,
  contentInfo: ContentInfo,
  account: UserAccountValue,
): Promise<void> {
  const previous = await persistence.userHandler.loadAccount(contentInfo.id);
  const row: UserAccount = {
    contentId: contentInfo.id,
    login: account.login,
    email: account.email,
    passwordHash: account.passwordHash ?? previous?.passwordHash ?? '!',
    enabled: account.enabled,
    maxLogin: account.maxLogin,
    passwordUpdatedAt: account.passwordUpdatedAt ?? previous?.passwordUpdatedAt ?? null,
  };
  await persistence.userHandler.upsertAccount(row);
}
