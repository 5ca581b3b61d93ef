import type { ContentType } from '../../api/values/content-type.js';
import { ContentTypeValidationError, type ContentTypeValidationFailure } from '../../errors/content-type-validation-error.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';
import type { LockTarget } from '../../spi/persistence-handler.js';
import { underLock } from '../in-transaction.js';
import type { ServiceContext } from '../service-context.js';
import { knownLanguageCodes } from '../languages/create-language-service.js';
import { contentTypeFromStorage } from './content-type-values.js';

/** Widest remoteId, URL alias schema and name schema the storage keeps (Ibexa Legacy column widths). */
const MAX_LENGTHS = { remoteId: 100, urlAliasSchema: 255, nameSchema: 255 } as const;

/**
 * Checks `class/<func>` (in Ibexa no limitations apply to `class/*`).
 * @throws UnauthorizedError
 */
export function assertClassPermission(context: ServiceContext, func: 'create' | 'update' | 'delete'): Promise<void> {
  return context.guard.assert('class', func, { kind: 'none' });
}

/**
 * Runs a content type write under the locks of `targets` (`underLock`: one transaction, `work` reads through `tx`)
 * and forgets the cached content types afterwards (whether it committed or not), so that every later read sees
 * the change. Every write of a type locks it (kind `contentType`, every status): its revision is what writes of
 * content compare with the type they validated against. Writes of groups and of their type lists lock the
 * groups (kind `contentTypeGroup`).
 */
export async function writeTypes<T>(context: ServiceContext, targets: readonly LockTarget[], work: (tx: ServiceContext) => Promise<T>): Promise<T> {
  try {
    return await underLock(context, targets, work);
  } finally {
    context.referenceCache.invalidateContentTypes();
  }
}

/** The lock target of a content type (all its statuses). */
export const typeTarget = (contentTypeId: number): LockTarget => ({ kind: 'contentType', id: contentTypeId });

/** The lock target of a content type group. */
export const groupTarget = (groupId: number): LockTarget => ({ kind: 'contentTypeGroup', id: groupId });

/** The API value of a stored type. */
export const toContentType = (context: ServiceContext, stored: StoredContentType): ContentType =>
  contentTypeFromStorage(context.fieldTypes, stored);

/**
 * The published type. @throws NotFoundError
 */
export async function loadDefined(context: ServiceContext, contentTypeId: number): Promise<StoredContentType> {
  const type = await context.persistence.contentTypeHandler.load(contentTypeId);
  if (!type) throw NotFoundError.contentType(contentTypeId);
  return type;
}

/**
 * The draft of a type. @throws NotFoundError (`ContentTypeDraft`)
 */
export async function loadDraft(context: ServiceContext, contentTypeId: number): Promise<StoredContentType> {
  const draft = await context.persistence.contentTypeHandler.loadDraft(contentTypeId);
  if (!draft) throw new NotFoundError('ContentTypeDraft', contentTypeId);
  return draft;
}

/**
 * Checks that no other type (published or draft) uses the identifier or remoteId (Ibexa: "Another ContentType
 * with identifier '…' exists").
 * @throws InvalidArgumentError
 */
export async function assertTypeKeysFree(
  context: ServiceContext,
  argumentName: string,
  keys: { readonly identifier?: string | undefined; readonly remoteId?: string | undefined },
  ownId: number | null,
): Promise<void> {
  for (const key of ['identifier', 'remoteId'] as const) {
    const value = keys[key];
    if (value === undefined) continue;
    const owners = await context.persistence.contentTypeHandler.findTypeIds(key, value);
    if (owners.some((id) => id !== ownId)) throw new InvalidArgumentError(argumentName, `Another ContentType with ${key} '${value}' exists`);
  }
}

/**
 * Checks the columns of a type create/update: main language configured (NotFoundError, as Ibexa's language
 * handler), identifier not empty, lengths within storage widths (ContentTypeValidationError).
 */
export async function assertTypeColumns(
  context: ServiceContext,
  argumentName: string,
  columns: {
    readonly identifier?: string | undefined;
    readonly mainLanguageCode?: string | undefined;
    readonly remoteId?: string | undefined;
    readonly urlAliasSchema?: string | undefined;
    readonly nameSchema?: string | undefined;
  },
  failures: readonly ContentTypeValidationFailure[] = [],
): Promise<void> {
  const messages: string[] = [];
  if (columns.identifier !== undefined) {
    if (columns.identifier.trim() === '') messages.push('The content type identifier must not be empty');
    else if (columns.identifier.length > 50) messages.push('The content type identifier must not exceed 50 characters');
  }
  for (const key of ['remoteId', 'urlAliasSchema', 'nameSchema'] as const) {
    const value = columns[key];
    if (value !== undefined && value.length > MAX_LENGTHS[key]) messages.push(`The ${key} must not exceed ${MAX_LENGTHS[key]} characters`);
  }
  const all = messages.length > 0 ? [{ fieldDefinitionIdentifier: null, messages }, ...failures] : failures;
  if (all.length > 0) throw new ContentTypeValidationError(argumentName, all);
  if (columns.mainLanguageCode !== undefined && !(await knownLanguageCodes(context)).has(columns.mainLanguageCode)) {
    throw NotFoundError.language(columns.mainLanguageCode);
  }
}
