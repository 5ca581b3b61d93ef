import { createHash } from 'node:crypto';
import type { ContentType, ContentTypeGroup, Language, Repository } from '@contentrepo/core';

/**
 * What the schema is generated from (what Ibexa's schema generator iterates over): content type groups, published
 * content types with their field definitions, repository languages and image variation names. A pure value:
 * `buildSchema(model)` depends on nothing else.
 */
export interface SchemaModel {
  readonly groups: readonly ContentTypeGroup[];
  /** Published content types, by id; field type identifiers are canonical (4.x names). */
  readonly contentTypes: readonly ContentType[];
  readonly languages: readonly Language[];
  readonly imageVariations: readonly string[];
}

/**
 * Loads the model as the generator user sees it (Ibexa runs the generator as `admin`; here: without permission
 * checks, as content types and languages are readable by everyone in core).
 */
export async function loadSchemaModel(repository: Repository, imageVariations: readonly string[]): Promise<SchemaModel> {
  return repository.sudo(async (sudo) => {
    const [groups, contentTypes, languages] = await Promise.all([
      sudo.contentTypeService.loadContentTypeGroups(),
      sudo.contentTypeService.loadAllContentTypes(),
      sudo.languageService.loadLanguages(),
    ]);
    const canonical = (identifier: string): string => sudo.fieldTypes.canonicalIdentifier(identifier) ?? identifier;
    return {
      groups,
      contentTypes: contentTypes.map((type) => ({
        ...type,
        fieldDefinitions: type.fieldDefinitions.map((definition) => ({
          ...definition,
          fieldTypeIdentifier: canonical(definition.fieldTypeIdentifier),
        })),
      })),
      languages,
      imageVariations: [...imageVariations],
    };
  });
}

/**
 * A digest of everything the generated schema depends on: group and type ids, identifiers, modification dates, field
 * definitions (identifier, type, flags, settings, validators, names, descriptions), language codes and variation names.
 * Default values are left out (they are opaque field type values and only change with the type's modification date).
 */
export function fingerprintModel(model: SchemaModel): string {
  const digest = {
    groups: model.groups.map((group) => [group.id, group.identifier, group.modificationDate.getTime()]),
    types: model.contentTypes.map((type) => ({
      id: type.id,
      identifier: type.identifier,
      modified: type.modificationDate.getTime(),
      groups: type.groupIds,
      names: type.names,
      descriptions: type.descriptions,
      mainLanguageCode: type.mainLanguageCode,
      fields: type.fieldDefinitions.map((definition) => ({
        id: definition.id,
        identifier: definition.identifier,
        type: definition.fieldTypeIdentifier,
        position: definition.position,
        flags: [definition.isRequired, definition.isTranslatable, definition.isSearchable, definition.isThumbnail],
        names: definition.names,
        descriptions: definition.descriptions,
        settings: definition.fieldSettings,
        validators: definition.validatorConfiguration,
      })),
    })),
    languages: model.languages.map((language) => [language.id, language.languageCode, language.enabled]),
    variations: model.imageVariations,
  };
  return createHash('sha256').update(JSON.stringify(digest)).digest('hex');
}
