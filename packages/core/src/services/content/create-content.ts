import type { ContentCreateStruct, LocationCreateStruct } from '../../api/structs/content-structs.js';
import type { Content, PendingLocation } from '../../api/values/content.js';
import type { Location } from '../../api/values/location.js';
import {
  ContentValidationError,
  InvalidArgumentError,
  NotFoundError,
} from '../../errors/repository-error.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { ServiceContext } from '../service-context.js';
import { loadContentTypeValue } from '../content-types/create-content-type-service.js';
import { newRemoteId } from '../ids.js';
import { knownLanguageCodes } from '../languages/create-language-service.js';
import { toContent } from './content-reads.js';
import { assertLoginAvailable, userAccountValue } from './content-writes-support.js';
import { acceptFieldInputs, computeNames, fieldRelations, toNewFields, validateFieldValues } from './content-field-values.js';
import { prepareValues, withStoredFiles } from './prepare-values.js';

/**
 * Creates a content item with a DRAFT version 1 (Ibexa `ContentService::createContent`). The locations are stored as
 * pending and created at the first publication; their sortField/sortOrder come from the content type (as Ibexa's
 * `POST /content/objects` does). Without a section, the item takes the section of the first parent's content (Ibexa).
 *
 * @throws NotFoundError unknown content type, parent location, section or owner.
 * @throws InvalidArgumentError duplicate remoteId; a parent that is not a container.
 * @throws ContentValidationError unknown main language or field; non-translatable field in another language.
 * @throws ContentFieldValidationError invalid field values.
 * @throws UnauthorizedError without `content/create` at the parents.
 */
export async function createContent(
  context: ServiceContext,
  struct: ContentCreateStruct,
  locationStructs: readonly LocationCreateStruct[],
): Promise<Content> {
  const { persistence } = context;
  const contentType = await loadContentTypeValue(context, struct.contentTypeId);
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

  const { values } = acceptFieldInputs(context.fieldTypes, contentType, struct.fields, {
    mainLanguageCode: struct.mainLanguageCode,
    defaultLanguageCode: struct.mainLanguageCode,
    knownLanguages: languages,
    existing: new Map([[struct.mainLanguageCode, new Map()]]),
  });
  const languageCodes = [struct.mainLanguageCode, ...[...values.keys()].filter((code) => code !== struct.mainLanguageCode)];

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
  validateFieldValues(context.fieldTypes, contentType, values, languageCodes);
  const account = userAccountValue(contentType, values, struct.mainLanguageCode);
  if (account) await assertLoginAvailable(persistence, account.login, null);

  const prepared = await prepareValues(context, contentType, values, languageCodes);
  const names = computeNames(context.fieldTypes, contentType, prepared.values);
  const now = context.clock.now();
  const pendingLocations: PendingLocation[] = locationStructs.map((locationStruct) => ({
    parentLocationId: locationStruct.parentLocationId,
    priority: locationStruct.priority ?? 0,
    hidden: locationStruct.hidden ?? false,
    remoteId: locationStruct.remoteId ?? newRemoteId(),
    sortField: contentType.defaultSortField,
    sortOrder: contentType.defaultSortOrder,
  }));

  const stored = await withStoredFiles(context, prepared.storedKeys, () =>
    persistence.transaction(async (tx) => {
      const created = await tx.contentHandler.create({
        contentTypeId: contentType.id,
        sectionId,
        ownerId,
        alwaysAvailable: struct.alwaysAvailable ?? contentType.defaultAlwaysAvailable,
        remoteId,
        mainLanguageCode: struct.mainLanguageCode,
        name: names[struct.mainLanguageCode] ?? '',
        modificationDate: struct.modificationDate ?? now,
        creatorId: context.userId,
        initialLanguageCode: struct.mainLanguageCode,
        languageCodes,
        names,
        fields: toNewFields(context.fieldTypes, contentType, prepared.values),
        relations: fieldRelations(context.fieldTypes, contentType, prepared.values),
        pendingLocations,
      });
      const states = await context.referenceCache.defaultStates.get('all', () => defaultStateIds(tx));
      if (states.length > 0) await tx.objectStateHandler.setContentStates(created.contentInfo.id, states);
      return created;
    }),
  );
  return toContent(context, stored);
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
  const parentType = await loadContentTypeValue(context, parent.contentInfo.contentTypeId).catch(() => null);
  if (parentType && !parentType.isContainer) {
    throw new InvalidArgumentError(
      '$locationCreateStruct',
      `Cannot create a Location under Location ${parent.id}: its content type '${parentType.identifier}' is not a container`,
    );
  }
}
