import type { FieldTypeRegistry, PersistenceHandler, StoredContentType, StoredFieldDefinition } from '@contentrepo/core';

/** Identifier of the benchmark's article type. */
export const BENCH_TYPE = 'bench_article';

type Definition = readonly [identifier: string, fieldType: string];

/** Its fields: a title, an integer, a keyword list and a text body, all searchable. */
const DEFINITIONS: readonly Definition[] = [
  ['title', 'ezstring'],
  ['rating', 'ezinteger'],
  ['tags', 'ezkeyword'],
  ['body', 'eztext'],
];

/**
 * The `bench_article` content type (created through the content type SPI when missing, then published): a
 * container-less type with one field per common search family (text, integer, collection, full text).
 */
export async function benchType(persistence: PersistenceHandler, fieldTypes: FieldTypeRegistry): Promise<StoredContentType> {
  const existing = await persistence.contentTypeHandler.loadByIdentifier(BENCH_TYPE);
  if (existing) return existing;
  const date = new Date('2024-01-01T00:00:00Z');
  const definitions = DEFINITIONS.map(([identifier, fieldTypeIdentifier], position): Omit<StoredFieldDefinition, 'id'> => {
    const type = fieldTypes.get(fieldTypeIdentifier);
    return {
      identifier, fieldTypeIdentifier: type.identifier, fieldGroup: 'content', position, isTranslatable: true, isRequired: false,
      isInfoCollector: false, isSearchable: true, isThumbnail: false, names: { 'eng-GB': identifier }, descriptions: {},
      defaultValue: type.toStorage(type.emptyValue()), fieldSettings: type.defaultFieldSettings(), validatorConfiguration: type.defaultValidatorConfiguration(),
    };
  });
  return persistence.transaction(async (tx) => {
    const draft = await tx.contentTypeHandler.createDraft({
      identifier: BENCH_TYPE, remoteId: 'bench-article-type', names: { 'eng-GB': 'Bench article' }, descriptions: {}, creationDate: date,
      modificationDate: date, creatorId: 14, modifierId: 14, urlAliasSchema: '', nameSchema: '<title>', isContainer: false,
      mainLanguageCode: 'eng-GB', defaultAlwaysAvailable: true, defaultSortField: 'PATH', defaultSortOrder: 'ASC', groupIds: [1],
      fieldDefinitions: definitions,
    });
    return tx.contentTypeHandler.publishDraft(draft.id);
  });
}
