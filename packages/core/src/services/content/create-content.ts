import { recordEvent } from '../events/record-event.js';
import type { ContentCreateStruct, LocationCreateStruct } from '../../api/structs/content-structs.js';
import type { Content } from '../../api/values/content.js';
import type { ContentType } from '../../api/values/content-type.js';
import type { Location } from '../../api/values/location.js';
import {
  ContentValidationError,
  InvalidArgumentError,
  NotFoundError,
} from '../../errors/repository-error.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { inTransaction } from '../in-transaction.js';
import { newRemoteId } from '../ids.js';
import { knownLanguageCodes, LANGUAGES_TARGET, languageCodesForWrite } from '../languages/create-language-service.js';
import { toContent } from './content-reads.js';
import { assertLoginAvailable, userAccountValue } from './content-writes-support.js';
import {
  acceptFieldInputs,
  computeNames,
  toNewFields,
  validateFieldValues,
  type VersionValues,
} from './content-field-values.js';
import { contentTypeForWrite, contentTypeTarget, currentContentType } from './content-type-for-write.js';
import { versionRelations } from './version-relations.js';
import { FieldPreparation, prepareValues, withFieldPreparation } from './prepare-values.js';
import { publishVersion } from './publish-version.js';

/**
 * Creates a content item with a DRAFT version 1 (Ibexa `ContentService::createContent`). The locations are stored as
 * pending and created at the first publication; their sortField/sortOrder come from the content type (as Ibexa's
 * `POST /content/objects` does). Without a section, the item takes the section of the first parent's content (Ibexa).
 *
 * The values are computed and checked before the transaction (files stored, passwords hashed there, never under a
 * lock), then again inside it against the content type as committed, held shared until the item is written
 * (`contentTypeForWrite`): an item never has a field of a definition removed meanwhile, nor lacks one added.
 *
 * @throws NotFoundError unknown content type, parent location, section or owner.
 * @throws InvalidArgumentError a remoteId of the item or of a location already used (compared case-insensitively,
 *   `remoteIdKey`); a parent that is not a container.
 * @throws ContentValidationError unknown main language or field; non-translatable field in another language.
 * @throws ContentFieldValidationError invalid field values.
 * @throws UnauthorizedError without `content/create` at the parents.
 */
export function createContent(
  context: ServiceContext,
  struct: ContentCreateStruct,
  locationStructs: readonly LocationCreateStruct[],
): Promise<Content> {
  return withFieldPreparation(context, (preparation) => createItem(context, struct, locationStructs, preparation, (_tx, draft) => Promise.resolve(draft)));
}

/**
 * {@link createContent} and `publishVersion` of the new draft in the same transaction (Ibexa `createUser`,
 * `createUserGroup`): the item exists published or not at all.
 * @throws as {@link createContent} and `publishVersion` (`content/publish`, required fields).
 */
export function createAndPublishContent(
  context: ServiceContext,
  struct: ContentCreateStruct,
  locationStructs: readonly LocationCreateStruct[],
): Promise<Content> {
  return withFieldPreparation(context, (preparation) =>
    createItem(context, struct, locationStructs, preparation, (tx, draft) => publishVersion(tx, draft.contentInfo.id, draft.versionInfo.versionNo)),
  );
}

/** Creates the item, then runs `then` on the new draft in the same transaction. */
async function createItem(
  context: ServiceContext,
  struct: ContentCreateStruct,
  locationStructs: readonly LocationCreateStruct[],
  preparation: FieldPreparation,
  then: (tx: ServiceContext, draft: Content) => Promise<Content>,
): Promise<Content> {
  const { persistence } = context;
  const contentType = await currentContentType(context, struct.contentTypeId);
  const languages = await knownLanguageCodes(context);
  if (!languages.has(struct.mainLanguageCode)) {
    throw new ContentValidationError(`Language '${struct.mainLanguageCode}' does not exist in the repository`);
  }

  const parents: Location[] = [];
  for (const locationStruct of locationStructs) {
    const parent = await persistence.locationHandler.load(locationStruct.parentLocationId);
    if (!parent) throw NotFoundError.location(locationStruct.parentLocationId);
    await assertContainer(context, parent);
    parents.push(parent);
  }

  const sectionId = struct.sectionId ?? parents[0]?.contentInfo.sectionId ?? 1;
  if (struct.sectionId !== undefined && !(await persistence.sectionHandler.load(struct.sectionId))) {
    throw NotFoundError.section(struct.sectionId);
  }
  const ownerId = struct.ownerId ?? context.userId;
  if (struct.ownerId !== undefined && !(await persistence.contentHandler.loadContentInfo(struct.ownerId))) {
    throw NotFoundError.user(struct.ownerId);
  }

  const { values, languageCodes } = acceptItemInputs(context, contentType, struct, languages, preparation);
  await context.guard.assert(
    'content',
    'create',
    {
      kind: 'contentCreate',
      contentTypeId: contentType.id,
      sectionId,
      ownerId,
      languageCodes,
      parentLocationIds: parents.map((parent) => parent.id),
    },
    { contentTypeId: contentType.id, sectionId },
  );

  const remoteId = struct.remoteId ?? newRemoteId();
  if (struct.remoteId !== undefined && (await persistence.contentHandler.loadContentInfoByRemoteId(remoteId))) {
    throw new InvalidArgumentError('$contentCreateStruct', `Another Content item with remoteId '${remoteId}' exists`);
  }
  for (const locationStruct of locationStructs) {
    if (locationStruct.remoteId !== undefined && (await persistence.locationHandler.loadByRemoteId(locationStruct.remoteId))) {
      throw new InvalidArgumentError('$locationCreateStructs', `Another Location with remoteId '${locationStruct.remoteId}' exists`);
    }
  }
  await checkedValues(context, contentType, struct, { values, languageCodes }, preparation);
  const now = context.clock.now();
  const locationRemoteIds = locationStructs.map((locationStruct) => locationStruct.remoteId ?? newRemoteId());

  return inTransaction(context, async (tx) => {
    // The type and the languages held shared at once (in the lock order); the two reads below find them held.
    await tx.persistence.lockShared([contentTypeTarget(struct.contentTypeId), LANGUAGES_TARGET]);
    const type = await contentTypeForWrite(tx, struct.contentTypeId);
    const committedLanguages = await languageCodesForWrite(tx);
    if (!committedLanguages.has(struct.mainLanguageCode)) {
      throw new ContentValidationError(`Language '${struct.mainLanguageCode}' does not exist in the repository`);
    }
    const prepared = await checkedValues(tx, type, struct, acceptItemInputs(tx, type, struct, committedLanguages, preparation), preparation);
    const names = computeNames(context.fieldTypes, type, prepared);
    const relations = await versionRelations(tx, type, prepared);
    const created = await tx.persistence.contentHandler.create({
      contentTypeId: type.id,
      sectionId,
      ownerId,
      alwaysAvailable: struct.alwaysAvailable ?? type.defaultAlwaysAvailable,
      remoteId,
      mainLanguageCode: struct.mainLanguageCode,
      name: names[struct.mainLanguageCode] ?? '',
      modificationDate: struct.modificationDate ?? now,
      creatorId: context.userId,
      initialLanguageCode: struct.mainLanguageCode,
      languageCodes,
      names,
      fields: toNewFields(context.fieldTypes, type, prepared),
      relations,
      pendingLocations: locationStructs.map((locationStruct, index) => ({
        parentLocationId: locationStruct.parentLocationId,
        priority: locationStruct.priority ?? 0,
        hidden: locationStruct.hidden ?? false,
        remoteId: locationRemoteIds[index] ?? newRemoteId(),
        sortField: type.defaultSortField,
        sortOrder: type.defaultSortOrder,
      })),
    });
    const states = await context.referenceCache.defaultStates.get('all', () => defaultStateIds(tx.persistence));
    if (states.length > 0) await tx.persistence.objectStateHandler.setContentStates(created.contentInfo.id, states);
    await recordEvent(tx, 'version.created', { contentId: created.contentInfo.id, versionNo: created.versionInfo.versionNo });
    return then(tx, toContent(tx, created));
  });
}

/** The values of a new item's inputs (missing fields filled in) and its languages, the main one first. */
function acceptItemInputs(
  context: ServiceContext,
  contentType: ContentType,
  struct: ContentCreateStruct,
  languages: ReadonlySet<string>,
  preparation: FieldPreparation,
): { values: VersionValues; languageCodes: string[] } {
  const { values } = acceptFieldInputs(context.fieldTypes, contentType, struct.fields, {
    mainLanguageCode: struct.mainLanguageCode,
    defaultLanguageCode: struct.mainLanguageCode,
    knownLanguages: languages,
    existing: new Map([[struct.mainLanguageCode, new Map()]]),
    decode: (type, input) => preparation.decode(type, input),
  });
  const languageCodes = [struct.mainLanguageCode, ...[...values.keys()].filter((code) => code !== struct.mainLanguageCode)];
  return { values, languageCodes };
}

/**
 * Validates a new item's values, checks the login of a user item, and prepares them (files stored, password
 * hashed: once per write, through `preparation`).
 * @throws ContentFieldValidationError; InvalidArgumentError for a login in use.
 */
async function checkedValues(
  context: ServiceContext,
  contentType: ContentType,
  struct: ContentCreateStruct,
  accepted: { readonly values: VersionValues; readonly languageCodes: readonly string[] },
  preparation: FieldPreparation,
): Promise<VersionValues> {
  validateFieldValues(context.fieldTypes, contentType, accepted.values, accepted.languageCodes);
  const account = userAccountValue(contentType, accepted.values, struct.mainLanguageCode);
  if (account) await assertLoginAvailable(context.persistence, account.login, null);
  return prepareValues(preparation, context, contentType, accepted.values, accepted.languageCodes);
}

/** The default state (lowest priority) of every object state group, which new content starts in (Ibexa). */
async function defaultStateIds(tx: PersistenceHandler): Promise<readonly number[]> {
  const ids: number[] = [];
  for (const group of await tx.objectStateHandler.loadGroups()) {
    const [first] = [...(await tx.objectStateHandler.loadStates(group.id))].sort((a, b) => a.priority - b.priority);
    if (first) ids.push(first.id);
  }
  return ids;
}

/**
 * Content may only be placed under a container (Ibexa: InvalidArgumentException).
 * @throws InvalidArgumentError
 */
export async function assertContainer(context: ServiceContext, parent: Location): Promise<void> {
  if (parent.id === 1) return;
  const parentType = await currentContentType(context, parent.contentInfo.contentTypeId).catch(() => null);
  if (parentType && !parentType.isContainer) {
    throw new InvalidArgumentError(
      '$locationCreateStruct',
      `Cannot create a Location under Location ${parent.id}: its content type '${parentType.identifier}' is not a container`,
    );
  }
}
