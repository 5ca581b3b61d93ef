import type { ContentUpdateStruct } from '../../api/structs/content-structs.js';
import type { Content } from '../../api/values/content.js';
import { assertVersionTransition } from '../../domain/version/transitions.js';
import { ContentValidationError } from '../../errors/repository-error.js';
import type { ServiceContext } from '../service-context.js';
import { loadContentTypeValue } from '../content-types/create-content-type-service.js';
import { knownLanguageCodes } from '../languages/create-language-service.js';
import { loadStoredContent, requireContentInfo, toContent } from './content-reads.js';
import { assertLoginAvailable, userAccountValue } from './content-writes-support.js';
import {
  acceptFieldInputs,
  computeNames,
  fieldKey,
  fieldRelations,
  toNewFields,
  validateFieldValues,
  valuesFromStorage,
} from './content-field-values.js';
import { prepareValues, withStoredFiles } from './prepare-values.js';

/**
 * Updates the fields of a draft (Ibexa `updateContent`): given fields replace the stored ones, others stay; a
 * field in a new language adds that translation. Names are recomputed.
 *
 * @throws NotFoundError unknown item or version.
 * @throws BadStateError (`version.notDraft`) when the version is not a draft.
 * @throws ContentValidationError / ContentFieldValidationError for bad fields.
 * @throws UnauthorizedError without `content/edit` for the touched translations.
 */
export async function updateContent(
  context: ServiceContext,
  contentId: number,
  versionNo: number,
  struct: ContentUpdateStruct,
): Promise<Content> {
  const contentInfo = await requireContentInfo(context, contentId);
  const stored = await loadStoredContent(context, contentId, versionNo);
  assertVersionTransition('update', stored.versionInfo.status, 1);

  const contentType = await loadContentTypeValue(context, contentInfo.contentTypeId);
  const languages = await knownLanguageCodes(context);
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
  });

  await context.guard.assert(
    'content',
    'edit',
    { kind: 'content', contentInfo, languageCodes: [...touchedLanguages], versionStatus: 'DRAFT' },
    { contentId },
  );
  const languageCodes = [...values.keys()];
  validateFieldValues(context.fieldTypes, contentType, values, languageCodes);
  const account = userAccountValue(contentType, values, contentInfo.mainLanguageCode);
  if (account) await assertLoginAvailable(context.persistence, account.login, contentId);

  const prepared = await prepareValues(context, contentType, values, touchedLanguages);
  const existingIds = new Map(stored.fields.map((field) => [fieldKey(field.fieldDefinitionId, field.languageCode), field.id]));
  await withStoredFiles(context, prepared.storedKeys, () =>
    context.persistence.transaction((tx) =>
      tx.contentHandler.updateDraft(contentId, versionNo, {
        initialLanguageCode,
        languageCodes,
        names: computeNames(context.fieldTypes, contentType, prepared.values),
        modificationDate: context.clock.now(),
        fields: toNewFields(context.fieldTypes, contentType, prepared.values, existingIds),
        fieldRelations: fieldRelations(context.fieldTypes, contentType, prepared.values),
      }),
    ),
  );
  return toContent(context, await loadStoredContent(context, contentId, versionNo));
}
