import type { ContentType, ContentTypeGroup, FieldDefinition } from '@contentrepo/core';
import type { FieldTypeMapperRegistry } from '../field-types/index.js';
import { mapFieldDefinition, type FieldTypeMapping } from './field-mapping.js';
import type { SchemaModel } from './model.js';
import {
  contentTypeNames,
  fieldDefinitionFieldName,
  groupNames,
  invalidNameWarning,
  isValidName,
  languageEnumName,
  type ContentTypeNames,
  type GroupNames,
} from './naming.js';

/** A field definition that gets a GraphQL field. */
export interface PlannedField {
  readonly definition: FieldDefinition;
  /** GraphQL field (and input) name. */
  readonly name: string;
  readonly mapping: FieldTypeMapping;
}

/** A content type that gets generated types. */
export interface PlannedType {
  readonly contentType: ContentType;
  readonly names: ContentTypeNames;
  readonly fields: readonly PlannedField[];
}

/** A group that gets a group type and a root field (only groups with generated types). */
export interface PlannedGroup {
  readonly group: ContentTypeGroup;
  readonly names: GroupNames;
  readonly types: readonly PlannedType[];
}

/** What to generate from a model, after Ibexa's name rules. */
export interface SchemaPlan {
  readonly types: readonly PlannedType[];
  readonly groups: readonly PlannedGroup[];
  /** `RepositoryLanguage` values: enum name → language code. */
  readonly languages: ReadonlyMap<string, string>;
  readonly imageVariations: readonly string[];
}

/**
 * Applies Ibexa's generation rules to a model: identifiers that are not GraphQL names are skipped with Ibexa's warning;
 * when two content types, groups or fields would produce the same name the first one wins (Ibexa's workers never
 * overwrite); groups without types are left out. Fields are typed by `mappers`.
 */
export function planSchema(model: SchemaModel, warn: (message: string) => void, mappers: FieldTypeMapperRegistry): SchemaPlan {
  const usedItemNames = new Set<string>();
  const candidates: { contentType: ContentType; names: ContentTypeNames }[] = [];
  for (const contentType of model.contentTypes) {
    if (!isValidName(contentType.identifier)) {
      warn(invalidNameWarning('content type', contentType.identifier));
      continue;
    }
    const names = contentTypeNames(contentType.identifier);
    if (usedItemNames.has(names.item) || usedItemNames.has(names.field)) {
      warn(`Skipping content type '${contentType.identifier}': its GraphQL names are already used by another content type`);
      continue;
    }
    usedItemNames.add(names.item).add(names.field);
    candidates.push({ contentType, names });
  }
  const generated = new Set(candidates.map((candidate) => candidate.contentType.identifier));
  const types = candidates.map(({ contentType, names }) => ({
    contentType,
    names,
    fields: planFields(contentType, (identifier) => generated.has(identifier), warn, mappers),
  }));

  const groups: PlannedGroup[] = [];
  const usedGroupNames = new Set<string>();
  for (const group of model.groups) {
    const names = groupNames(group.identifier);
    if (!isValidName(names.field)) {
      warn(invalidNameWarning('content type group', group.identifier));
      continue;
    }
    const members = types.filter((type) => type.contentType.groupIds.includes(group.id));
    if (members.length === 0) continue;
    if (usedGroupNames.has(names.type)) {
      warn(`Skipping content type group '${group.identifier}': its GraphQL names are already used by another group`);
      continue;
    }
    usedGroupNames.add(names.type);
    groups.push({ group, names, types: members });
  }

  const languages = new Map<string, string>();
  for (const language of model.languages) {
    const name = languageEnumName(language.languageCode);
    if (!isValidName(name)) warn(invalidNameWarning('language', language.languageCode));
    else if (!languages.has(name)) languages.set(name, language.languageCode);
  }
  const imageVariations = model.imageVariations.filter((variation) => {
    if (isValidName(variation)) return true;
    warn(invalidNameWarning('image variation', variation));
    return false;
  });
  return { types, groups, languages, imageVariations: [...new Set(imageVariations)] };
}

function planFields(
  contentType: ContentType,
  itemTypeExists: (identifier: string) => boolean,
  warn: (message: string) => void,
  mappers: FieldTypeMapperRegistry,
): PlannedField[] {
  const fields: PlannedField[] = [];
  const used = new Set<string>();
  for (const definition of [...contentType.fieldDefinitions].sort((a, b) => a.position - b.position)) {
    if (!isValidName(definition.identifier)) {
      warn(invalidNameWarning('field definition', `${contentType.identifier}/${definition.identifier}`));
      continue;
    }
    const name = fieldDefinitionFieldName(definition.identifier);
    if (used.has(name)) {
      warn(`Skipping field definition '${contentType.identifier}/${definition.identifier}': field '${name}' already exists`);
      continue;
    }
    used.add(name);
    fields.push({ definition, name, mapping: mapFieldDefinition(definition, itemTypeExists, mappers) });
  }
  return fields;
}
