import type { ContentUpdateStruct } from '../../api/structs/content-structs.js';
import type { Content, ContentInfo } from '../../api/values/content.js';
import type { ContentType } from '../../api/values/content-type.js';
import { assertVersionTransition } from '../../domain/version/transitions.js';
import { ContentValidationError, NotFoundError } from '../../errors/repository-error.js';
import type { DraftUpdateRecord, NewField, StoredContent, StoredField, WrittenDraft } from '../../spi/content-handler.js';
import type { ServiceContext } from '../service-context.js';
import { knownLanguageCodes, languageCodesForWrite } from '../languages/create-language-service.js';
import { loadStoredContent, requireContentInfo, toContent } from './content-reads.js';
import { contentTypeForWrite, currentContentType } from './content-type-for-write.js';
import { assertLoginAvailable, underContentLock, userAccountValue } from './content-writes-support.js';
import {
  acceptFieldInputs,
  computeNames,
  fieldKey,
  toNewFields,
  validateFieldValues,
  valuesFromStorage,
} from './content-field-values.js';
import { versionRelations } from './version-relations.js';
import { FieldPreparation, prepareValues, withFieldPreparation } from './prepare-values.js';

/**
 * Updates the fields of a draft (Ibexa `updateContent`): given fields replace the stored ones, others stay; a
 * field in a new language adds that translation. Names are recomputed.
 *
 * Concurrent updates of one draft lose nothing: the update is computed once before its transaction, on what is
 * committed then (every check, and the slow work: files stored, passwords hashed; skipped when the type has no
 * field type with slow work), and again inside it, under
 * the item's lock, on the version as the last committed update left it — the inputs laid over exactly their
 * (field, language) slots — and the content type as committed (see `draftChanges`). Updates of different fields
 * therefore all survive; of the same field, the last to take the lock wins.
 *
 * `preparation`: the caller's, when the update is one step of a larger write that prepared its inputs before
 * its own transaction (a user update); the caller then deletes stored files when it fails.
 *
 * @throws NotFoundError unknown item or version.
 * @throws BadStateError (`version.notDraft`) when the version is not a draft.
 * @throws ContentValidationError / ContentFieldValidationError for bad fields.
 * @throws UnauthorizedError without `content/edit` for the touched translations.
 */
export function updateContent(
  context: ServiceContext,
  contentId: number,
  versionNo: number,
  struct: ContentUpdateStruct,
  preparation?: FieldPreparation,
): Promise<Content> {
  const update = (prepared: FieldPreparation): Promise<Content> => updateDraft(context, contentId, versionNo, struct, prepared);
  return preparation ? update(preparation) : withFieldPreparation(context, update);
}

async function updateDraft(
  context: ServiceContext,
  contentId: number,
  versionNo: number,
  struct: ContentUpdateStruct,
  preparation: FieldPreparation,
): Promise<Content> {
  const contentInfo = await computedBeforeTransaction(context, contentId, versionNo, struct, preparation);
  return underContentLock(context, contentInfo, async (tx) => {
    // The stored version carries the item's ContentInfo as committed: no separate read of it.
    const stored = await loadVersionOfItem(tx, contentId, versionNo);
    const fresh = stored.contentInfo;
    const contentType = await contentTypeForWrite(tx, fresh.contentTypeId);
    const changes = await draftChanges(tx, {
      contentInfo: fresh,
      stored,
      contentType,
      struct,
      languages: await languageCodesForWrite(tx),
      preparation,
    });
    const written = await tx.persistence.contentHandler.updateDraft(contentId, versionNo, changes);
    return toContent(tx, updatedDraft(stored, changes, written, contentType));
  });
}

/**
 * The update's computation before its transaction: every check and the slow work (files stored, passwords
 * hashed) into `preparation`, on what is committed now; returns the item's ContentInfo. When the item's content
 * type (as last cached) has no field type with slow work, only the ContentInfo is read: the checks are made
 * under the lock anyway, and nothing would be prepared.
 * @throws as {@link updateContent}.
 */
async function computedBeforeTransaction(
  context: ServiceContext,
  contentId: number,
  versionNo: number,
  struct: ContentUpdateStruct,
  preparation: FieldPreparation,
): Promise<ContentInfo> {
  const info = await requireContentInfo(context, contentId);
  if (!mayNeedPreparation(context, info.contentTypeId)) return info;
  const stored = await loadVersionOfItem(context, contentId, versionNo);
  const { contentInfo } = stored;
  await draftChanges(context, {
    contentInfo,
    stored,
    contentType: await currentContentType(context, contentInfo.contentTypeId),
    struct,
    languages: await knownLanguageCodes(context),
    preparation,
  });
  return contentInfo;
}

/**
 * Whether values of the content type may need slow work (a field type with `prepareForStorage`: files, passwords),
 * judged on the type as last cached (any revision: a type changed meanwhile at worst prepares inside the
 * transaction); true when it is not cached.
 */
function mayNeedPreparation(context: ServiceContext, contentTypeId: number): boolean {
  const cached = context.referenceCache.stampedContentTypes.get(contentTypeId);
  if (!cached) return true;
  return cached.value.fieldDefinitions.some((definition) => context.fieldTypes.get(definition.fieldTypeIdentifier).prepareForStorage !== undefined);
}

/**
 * The draft as `updateDraft` left it, assembled from the version read before the update and what the update wrote
 * (no read back): the written fields replace the stored ones of their definition and language, in the order loads
 * return fields (position of the definition in the published type, definition id, language code).
 */
function updatedDraft(stored: StoredContent, changes: DraftUpdateRecord, written: WrittenDraft, contentType: ContentType): StoredContent {
  const byKey = new Map(stored.fields.map((field) => [fieldKey(field.fieldDefinitionId, field.languageCode), field]));
  for (const field of written.fields) byKey.set(fieldKey(field.fieldDefinitionId, field.languageCode), field);
  const position = new Map(contentType.fieldDefinitions.map((definition) => [definition.id, definition.position]));
  const at = (field: StoredField): number => position.get(field.fieldDefinitionId) ?? 0;
  const fields = [...byKey.values()].sort(
    (a, b) =>
      at(a) - at(b) ||
      a.fieldDefinitionId - b.fieldDefinitionId ||
      (a.languageCode < b.languageCode ? -1 : a.languageCode > b.languageCode ? 1 : 0),
  );
  return {
    contentInfo: stored.contentInfo,
    versionInfo: {
      ...stored.versionInfo,
      initialLanguageCode: changes.initialLanguageCode,
      languageCodes: [...changes.languageCodes],
      names: { ...changes.names },
      modificationDate: written.modificationDate,
    },
    fields,
  };
}

/**
 * Only the fields whose stored row would change: new ones, and those whose data or identifiers differ from the
 * stored field of their definition and language (a draft update rewrites what it touched, not every field).
 */
function changedFields(fields: readonly NewField[], stored: readonly StoredField[]): NewField[] {
  const byKey = new Map(stored.map((field) => [fieldKey(field.fieldDefinitionId, field.languageCode), field]));
  return fields.filter((field) => {
    const before = byKey.get(fieldKey(field.fieldDefinitionId, field.languageCode));
    return (
      before === undefined ||
      before.id !== field.id ||
      before.fieldDefIdentifier !== field.fieldDefIdentifier ||
      before.fieldTypeIdentifier !== field.fieldTypeIdentifier ||
      JSON.stringify(before.data) !== JSON.stringify(field.data)
    );
  });
}

/**
 * A version with its item's ContentInfo (which the version's head carries) in one read.
 * @throws NotFoundError for a missing item, else for a missing version (the order of separate reads).
 */
async function loadVersionOfItem(context: ServiceContext, contentId: number, versionNo: number): Promise<StoredContent> {
  const stored = await context.persistence.contentHandler.load(contentId, versionNo);
  if (stored) return stored;
  await requireContentInfo(context, contentId);
  throw NotFoundError.version(contentId, versionNo);
}

/**
 * Makes every check of an update of a draft not created yet — the draft a larger write will create from
 * `baseVersionNo` and update in its transaction — and does its slow work (files stored, passwords hashed) into
 * `preparation`, before that transaction, so that `updateContent` inside it only replays the work.
 * @throws as {@link updateContent}.
 */
export async function prepareContentUpdate(
  context: ServiceContext,
  contentId: number,
  baseVersionNo: number,
  struct: ContentUpdateStruct,
  preparation: FieldPreparation,
): Promise<void> {
  const contentInfo = await requireContentInfo(context, contentId);
  const base = await loadStoredContent(context, contentId, baseVersionNo);
  await draftChanges(context, {
    contentInfo,
    // The draft to come: a copy of the base version.
    stored: { ...base, versionInfo: { ...base.versionInfo, status: 'DRAFT' } },
    contentType: await currentContentType(context, contentInfo.contentTypeId),
    struct,
    languages: await knownLanguageCodes(context),
    preparation,
  });
}

/** What a draft update is computed from. */
interface DraftUpdateInput {
  readonly contentInfo: ContentInfo;
  /** The draft as stored. */
  readonly stored: StoredContent;
  readonly contentType: ContentType;
  readonly struct: ContentUpdateStruct;
  /** Codes of the configured languages: cached before the transaction, as committed inside it (`languageCodesForWrite`). */
  readonly languages: ReadonlySet<string>;
  readonly preparation: FieldPreparation;
}

/**
 * The changes an update struct makes to a draft: the struct's inputs laid over the stored values of exactly their
 * (field, language) slots, missing fields of new languages filled in, every check made (version status,
 * languages, values, `content/edit` on the touched translations, login uniqueness), values prepared through
 * `preparation` (done once, replayed after), names recomputed.
 * @throws as {@link updateContent}.
 */
async function draftChanges(context: ServiceContext, input: DraftUpdateInput): Promise<DraftUpdateRecord> {
  const { contentInfo, stored, contentType, struct, languages, preparation } = input;
  assertVersionTransition('update', stored.versionInfo.status, 1);
  const initialLanguageCode = struct.initialLanguageCode ?? stored.versionInfo.initialLanguageCode;
  if (!languages.has(initialLanguageCode)) {
    throw new ContentValidationError(`Language '${initialLanguageCode}' does not exist in the repository`);
  }
  const existing = valuesFromStorage(context.fieldTypes, stored.fields);
  if (!existing.has(initialLanguageCode)) existing.set(initialLanguageCode, new Map());
  const { values, touchedLanguages } = acceptFieldInputs(context.fieldTypes, contentType, struct.fields, {
    mainLanguageCode: contentInfo.mainLanguageCode,
    defaultLanguageCode: initialLanguageCode,
    knownLanguages: languages,
    existing,
    decode: (type, fieldInput) => preparation.decode(type, fieldInput),
  });

  await context.guard.assert(
    'content',
    'edit',
    { kind: 'content', contentInfo, languageCodes: [...touchedLanguages], versionStatus: 'DRAFT' },
    { contentId: contentInfo.id },
  );
  const languageCodes = [...values.keys()];
  validateFieldValues(context.fieldTypes, contentType, values, languageCodes);
  const account = userAccountValue(contentType, values, contentInfo.mainLanguageCode);
  if (account) await assertLoginAvailable(context.persistence, account.login, contentInfo.id);

  const prepared = await prepareValues(preparation, context, contentType, values, touchedLanguages);
  const existingIds = new Map(stored.fields.map((field) => [fieldKey(field.fieldDefinitionId, field.languageCode), field.id]));
  return {
    initialLanguageCode,
    languageCodes,
    names: computeNames(context.fieldTypes, contentType, prepared),
    modificationDate: context.clock.now(),
    fields: changedFields(toNewFields(context.fieldTypes, contentType, prepared, existingIds), stored.fields),
    fieldRelations: await versionRelations(context, contentType, prepared),
  };
}
