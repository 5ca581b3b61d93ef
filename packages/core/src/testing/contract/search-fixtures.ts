import type { Hash } from '../../api/values/content-type.js';
import { buildCleanInstallSeed } from '../../clean-install/build-seed.js';
import { createDefaultFieldTypeRegistry } from '../../field-types/registry.js';
import { contentTypeFromStorage } from '../../services/content-types/create-content-type-service.js';
import { indexDocument } from '../../services/content/content-writes-support.js';
import { valuesFromStorage } from '../../services/content/content-field-values.js';
import type { NewField } from '../../spi/content-handler.js';
import type { StoredContentType, StoredFieldDefinition } from '../../spi/content-type-handler.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { RepositorySeed } from '../../spi/seed.js';

/**
 * Data of the search contract suites: the clean install (eng-GB, pol-PL) plus two content types with a field of
 * every comparison family of the Legacy Field criterion, and a builder that publishes items through the SPI
 * only — create, publish, place, set states, index — so that every engine receives identical data and ids.
 */

export const fieldTypes = createDefaultFieldTypeRegistry();

const DATE = new Date('2024-01-01T00:00:00Z');

type DefinitionSpec = readonly [id: number, identifier: string, fieldType: string, searchable: boolean, settings?: { readonly [key: string]: Hash }];

function definition([id, identifier, fieldType, searchable, settings]: DefinitionSpec, position: number): StoredFieldDefinition {
  const type = fieldTypes.get(fieldType);
  return {
    id, identifier, fieldTypeIdentifier: type.identifier, fieldGroup: '', position, isTranslatable: true, isRequired: false,
    isInfoCollector: false, isSearchable: searchable, isThumbnail: false, names: { 'eng-GB': identifier }, descriptions: {},
    defaultValue: type.toStorage(type.emptyValue()), fieldSettings: { ...type.defaultFieldSettings(), ...settings },
    validatorConfiguration: type.defaultValidatorConfiguration(),
  };
}

function contentType(id: number, identifier: string, isContainer: boolean, definitions: readonly DefinitionSpec[]): StoredContentType {
  return {
    id, status: 'DEFINED', identifier, remoteId: `search-type-${identifier}`, names: { 'eng-GB': identifier }, descriptions: {},
    creationDate: DATE, modificationDate: DATE, creatorId: 14, modifierId: 14, urlAliasSchema: '', nameSchema: '<title>',
    isContainer, mainLanguageCode: 'eng-GB', defaultAlwaysAvailable: true, defaultSortField: 'PATH', defaultSortOrder: 'ASC',
    groupIds: [1], fieldDefinitions: definitions.map(definition),
  };
}

/** `search_item` (id 20, container): one field per family, a non-searchable one and an index-less one. */
export const SEARCH_ITEM_TYPE = contentType(20, 'search_item', true, [
  [301, 'title', 'ezstring', true],
  [302, 'count', 'ezinteger', true],
  [303, 'rating', 'ezfloat', true],
  [304, 'event_at', 'ezdatetime', true],
  [305, 'tags', 'ezkeyword', true],
  [306, 'flag', 'ezboolean', true],
  [307, 'choice', 'ezselection', true, { isMultiple: true, options: { 0: 'zero', 1: 'one', 2: 'two', 3: 'three' } }],
  [308, 'email', 'ezemail', true],
  [309, 'image', 'ezimage', true],
  [310, 'body', 'eztext', true],
  [311, 'secret', 'ezstring', false],
  [312, 'link', 'ezurl', true],
]);

/** `search_note` (id 21, not a container): `count` is a string here, so a Field target spans two families. */
export const SEARCH_NOTE_TYPE = contentType(21, 'search_note', false, [
  [321, 'title', 'ezstring', true],
  [322, 'count', 'ezstring', true],
  [323, 'body', 'eztext', true],
]);

/** The clean install with eng-GB and pol-PL plus the two search types. */
export function searchSeed(): RepositorySeed {
  const seed = buildCleanInstallSeed({ fieldTypes, adminPasswordHash: 'hash:publish', languages: ['eng-GB', 'pol-PL'] });
  return { ...seed, contentTypes: [...seed.contentTypes, SEARCH_ITEM_TYPE, SEARCH_NOTE_TYPE] };
}

/** Indexes the published clean-install items (what `installCleanRepository` does after seeding). */
export async function indexSeededContent(persistence: PersistenceHandler, seed: RepositorySeed): Promise<void> {
  await persistence.transaction(async (tx) => {
    for (const content of seed.contents) {
      const stored = seed.contentTypes.find((type) => type.id === content.contentInfo.contentTypeId);
      const version = content.versions.find((candidate) => candidate.versionInfo.status === 'PUBLISHED');
      if (!stored || !version) continue;
      const values = valuesFromStorage(fieldTypes, version.fields);
      const type = contentTypeFromStorage(fieldTypes, stored);
      await tx.searchHandler.indexContent(indexDocument({ fieldTypes }, type, content.contentInfo.id, version.versionInfo.versionNo, values));
    }
  });
}

/** Where an item is placed. */
export interface Placement {
  readonly parentLocationId: number;
  readonly hidden?: boolean;
  readonly priority?: number;
}

/** An item to publish: type, translations (field REST hashes per language), metadata and placements. */
export interface ItemSpec {
  readonly key: string;
  readonly contentTypeId: number;
  /** Field values per language, as REST hashes (images: storage data). */
  readonly fields: Readonly<Record<string, Readonly<Record<string, Hash>>>>;
  readonly names: Readonly<Record<string, string>>;
  readonly mainLanguageCode?: string;
  readonly alwaysAvailable?: boolean;
  readonly sectionId?: number;
  readonly ownerId?: number;
  readonly creatorId?: number;
  readonly published?: Date;
  readonly modified?: Date;
  readonly placements: readonly Placement[];
  readonly stateId?: number;
  readonly account?: { readonly login: string; readonly email: string; readonly enabled: boolean };
  /** Publishes a version 2 by `creatorId` with these field changes (main language). */
  readonly republish?: { readonly creatorId: number; readonly name: string; readonly fields: Readonly<Record<string, Hash>> };
}

/** A published item: its content id and location ids (main first) with their path strings. */
export interface PublishedItem {
  readonly key: string;
  readonly contentId: number;
  readonly locationIds: readonly number[];
  readonly pathStrings: readonly string[];
}

async function storedType(persistence: PersistenceHandler, id: number): Promise<StoredContentType> {
  const stored = await persistence.contentTypeHandler.load(id);
  if (!stored) throw new Error(`search fixtures: unknown content type ${id}`);
  return stored;
}

function newFields(type: StoredContentType, fields: ItemSpec['fields']): NewField[] {
  return Object.entries(fields).flatMap(([languageCode, values]) =>
    Object.entries(values).map(([identifier, hash]): NewField => {
      const definition = type.fieldDefinitions.find((candidate) => candidate.identifier === identifier);
      if (!definition) throw new Error(`search fixtures: no field ${identifier} in ${type.identifier}`);
      const fieldType = fieldTypes.get(definition.fieldTypeIdentifier);
      const data = fieldType.identifier === 'ezimage' ? hash : fieldType.toStorage(fieldType.fromHash(hash));
      return { fieldDefinitionId: definition.id, fieldDefIdentifier: identifier, fieldTypeIdentifier: fieldType.identifier, languageCode, data };
    }),
  );
}

/** Publishes an item through the SPI (see the module docstring) and indexes its current version. */
export async function publishItem(persistence: PersistenceHandler, spec: ItemSpec): Promise<PublishedItem> {
  const stored = await storedType(persistence, spec.contentTypeId);
  const type = contentTypeFromStorage(fieldTypes, stored);
  const mainLanguageCode = spec.mainLanguageCode ?? 'eng-GB';
  const published = spec.published ?? DATE;
  return persistence.transaction(async (tx) => {
    const created = await tx.contentHandler.create({
      contentTypeId: spec.contentTypeId, sectionId: spec.sectionId ?? 1, ownerId: spec.ownerId ?? 14,
      alwaysAvailable: spec.alwaysAvailable ?? true, remoteId: `search-${spec.key}`, mainLanguageCode,
      name: spec.names[mainLanguageCode] ?? spec.key, modificationDate: published, creatorId: spec.creatorId ?? 14,
      initialLanguageCode: mainLanguageCode, languageCodes: Object.keys(spec.fields), names: spec.names,
      fields: newFields(stored, spec.fields), relations: [], pendingLocations: [],
    });
    const contentId = created.contentInfo.id;
    await tx.contentHandler.publish(contentId, 1, { name: spec.names[mainLanguageCode] ?? spec.key, date: published });
    let versionNo = 1;
    if (spec.republish) {
      await tx.contentHandler.createDraft(contentId, 1, { creatorId: spec.republish.creatorId, date: published, initialLanguageCode: mainLanguageCode });
      await tx.contentHandler.updateDraft(contentId, 2, {
        initialLanguageCode: mainLanguageCode, languageCodes: Object.keys(spec.fields),
        names: { ...spec.names, [mainLanguageCode]: spec.republish.name }, modificationDate: published,
        fields: newFields(stored, { [mainLanguageCode]: spec.republish.fields }), fieldRelations: [],
      });
      await tx.contentHandler.publish(contentId, 2, { name: spec.republish.name, date: published });
      versionNo = 2;
    }
    const locations = [];
    for (const [index, placement] of spec.placements.entries()) {
      locations.push(
        await tx.locationHandler.create({
          contentId, parentLocationId: placement.parentLocationId, priority: placement.priority ?? 0, hidden: placement.hidden ?? false,
          remoteId: `search-${spec.key}-${index}`, sortField: 'PATH', sortOrder: 'ASC',
        }),
      );
    }
    await tx.contentHandler.updateMetadata(contentId, {
      mainLocationId: locations[0]?.id ?? null,
      ...(spec.modified ? { modificationDate: spec.modified } : {}),
    });
    await tx.objectStateHandler.setContentStates(contentId, [spec.stateId ?? 1]);
    if (spec.account) {
      await tx.userHandler.upsertAccount({ contentId, ...spec.account, passwordHash: 'x', maxLogin: 10, passwordUpdatedAt: null });
    }
    const current = await tx.contentHandler.load(contentId, versionNo);
    if (!current) throw new Error(`search fixtures: ${spec.key} has no version ${versionNo}`);
    await tx.searchHandler.indexContent(indexDocument({ fieldTypes }, type, contentId, versionNo, valuesFromStorage(fieldTypes, current.fields)));
    const placed = await Promise.all(locations.map((location) => tx.locationHandler.load(location.id)));
    return {
      key: spec.key,
      contentId,
      locationIds: locations.map((location) => location.id),
      pathStrings: placed.map((location) => location?.pathString ?? ''),
    };
  });
}
