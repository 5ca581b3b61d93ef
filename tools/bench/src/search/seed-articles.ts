import type { FieldIndexEntry, FieldTypeRegistry, Hash, NewField, PersistenceHandler, StoredContentType } from '@contentrepo/core';
import { benchType } from './bench-type.js';
import { type BenchFacts, BenchRandom, SECTIONS, FOLDERS_PER_SECTION, sentence, TAGS } from './bench-data.js';

/** Items published per transaction. */
const BATCH = 500;
const FOLDER_TYPE_ID = 1;
const HOME_LOCATION_ID = 2;
const START = Date.parse('2023-01-01T00:00:00Z');

/** A field of a type with its storage data and index entry. */
interface BuiltField {
  readonly field: NewField;
  readonly entry: FieldIndexEntry | null;
}

function buildField(fieldTypes: FieldTypeRegistry, type: StoredContentType, identifier: string, hash: Hash): BuiltField {
  const definition = type.fieldDefinitions.find((candidate) => candidate.identifier === identifier);
  if (!definition) throw new Error(`bench: no field ${identifier} in ${type.identifier}`);
  const fieldType = fieldTypes.get(definition.fieldTypeIdentifier);
  const value = fieldType.fromHash(hash);
  const field: NewField = {
    fieldDefinitionId: definition.id, fieldDefIdentifier: identifier, fieldTypeIdentifier: fieldType.identifier, languageCode: 'eng-GB', data: fieldType.toStorage(value),
  };
  if (!definition.isSearchable || !fieldType.searchable) return { field, entry: null };
  const data = fieldType.toSearchData(value);
  return {
    field,
    entry: {
      fieldDefinitionId: definition.id, fieldDefIdentifier: identifier, fieldTypeIdentifier: fieldType.identifier, searchFamily: fieldType.searchFamily, languageCode: 'eng-GB',
      sortKeyInt: data.sortKeyInt, sortKeyString: data.sortKeyString, fullText: data.fullText, ...(data.elements ? { elements: data.elements } : {}),
    },
  };
}

/** One item to publish: its type, name, fields and parent location. */
export interface ItemPlan {
  readonly type: StoredContentType;
  readonly key: string;
  readonly name: string;
  readonly fields: Readonly<Record<string, Hash>>;
  readonly parentLocationId: number;
  readonly date: Date;
}

/** Publishes one item through the SPI as the contract fixtures do: create, publish, place, state, index. */
export async function publishItem(tx: PersistenceHandler, fieldTypes: FieldTypeRegistry, plan: ItemPlan): Promise<{ contentId: number; locationId: number; pathString: string }> {
  const built = Object.entries(plan.fields).map(([identifier, hash]) => buildField(fieldTypes, plan.type, identifier, hash));
  const created = await tx.contentHandler.create({
    contentTypeId: plan.type.id, sectionId: 1, ownerId: 14, alwaysAvailable: true, remoteId: `bench-${plan.key}`, mainLanguageCode: 'eng-GB',
    name: plan.name, modificationDate: plan.date, creatorId: 14, initialLanguageCode: 'eng-GB', languageCodes: ['eng-GB'],
    names: { 'eng-GB': plan.name }, fields: built.map((part) => part.field), relations: [], pendingLocations: [],
  });
  const contentId = created.contentInfo.id;
  await tx.contentHandler.publish(contentId, 1, { name: plan.name, date: plan.date });
  const location = await tx.locationHandler.create({
    contentId, parentLocationId: plan.parentLocationId, priority: 0, hidden: false, remoteId: `bench-location-${plan.key}`, sortField: 'PATH', sortOrder: 'ASC',
  });
  await tx.contentHandler.updateMetadata(contentId, { mainLocationId: location.id });
  await tx.objectStateHandler.setContentStates(contentId, [1]);
  const fields = built.flatMap((part) => (part.entry ? [part.entry] : []));
  await tx.searchHandler.indexContent({ contentId, versionNo: 1, fields });
  return { contentId, locationId: location.id, pathString: location.pathString };
}

/** Creates the section folders and their folders (once), returning their locations. */
async function createFolders(persistence: PersistenceHandler, fieldTypes: FieldTypeRegistry): Promise<Pick<BenchFacts, 'sectionPaths' | 'folderLocationIds'>> {
  const folderType = await persistence.contentTypeHandler.load(FOLDER_TYPE_ID);
  if (!folderType) throw new Error('bench: the clean-install folder type is missing');
  return persistence.transaction(async (tx) => {
    const sectionPaths: string[] = [];
    const folderLocationIds: number[] = [];
    for (let section = 0; section < SECTIONS; section += 1) {
      const name = `Section ${section}`;
      const top = await publishItem(tx, fieldTypes, { type: folderType, key: `section-${section}`, name, fields: { name }, parentLocationId: HOME_LOCATION_ID, date: new Date(START) });
      sectionPaths.push(top.pathString);
      for (let index = 0; index < FOLDERS_PER_SECTION; index += 1) {
        const folderName = `Folder ${section}-${index}`;
        const folder = await publishItem(tx, fieldTypes, { type: folderType, key: `folder-${section}-${index}`, name: folderName, fields: { name: folderName }, parentLocationId: top.locationId, date: new Date(START) });
        folderLocationIds.push(folder.locationId);
      }
    }
    return { sectionPaths, folderLocationIds };
  });
}

/** Progress of a seeding run. */
export interface SeedProgress {
  readonly facts: BenchFacts;
  /** Articles published so far. */
  readonly articles: number;
}

/**
 * Seeds the search benchmark's content through the SPI in transactions of {@link BATCH} items (no HTTP): on the
 * first call the `bench_article` type and {@link SECTIONS} × {@link FOLDERS_PER_SECTION} folders, then articles
 * (title, rating 0–999, tags, a body of vocabulary words, dates a few minutes apart) spread round-robin over the
 * folders until `articles` exist. Deterministic (a seeded generator), so runs are comparable.
 */
export async function seedArticles(
  persistence: PersistenceHandler,
  fieldTypes: FieldTypeRegistry,
  previous: SeedProgress | null,
  articles: number,
): Promise<SeedProgress> {
  const type = await benchType(persistence, fieldTypes);
  const folders = previous?.facts ?? { ...(await createFolders(persistence, fieldTypes)), articleTypeId: type.id };
  const random = new BenchRandom(previous?.articles ?? 0);
  let count = previous?.articles ?? 0;
  while (count < articles) {
    const end = Math.min(articles, count + BATCH);
    await persistence.transaction(async (tx) => {
      for (let index = count; index < end; index += 1) {
        random.reseed(index);
        const title = `${sentence(random, 3)} ${index}`;
        const fields = { title, rating: random.int(1000), tags: TAGS.filter(() => random.int(8) === 0).join(', '), body: sentence(random, 14) };
        const parentLocationId = folders.folderLocationIds[index % folders.folderLocationIds.length] ?? HOME_LOCATION_ID;
        await publishItem(tx, fieldTypes, { type, key: `article-${index}`, name: title, fields, parentLocationId, date: new Date(START + index * 300_000) });
      }
    });
    count = end;
  }
  return { facts: { ...folders, articleTypeId: type.id }, articles: count };
}
