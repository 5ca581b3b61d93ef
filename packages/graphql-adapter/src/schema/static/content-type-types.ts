import type { ContentType, ContentTypeGroup, FieldDefinition, Hash } from '@contentrepo/core';
import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
} from 'graphql';
import type { GraphQLContext } from '../../resolvers/graphql-context.js';
import { pickTranslation } from '../../resolvers/translations.js';
import { stringArg, type ArgMap, type FieldMap } from '../args.js';
import { relationListLimit } from '../../field-types/ezobjectrelationlist-mapper.js';
import { isMultipleSelection, selectionOptionList } from '../../field-types/ezselection-mapper.js';
import { selectionContentTypes } from '../../field-types/shared/relations.js';
import { hashBoolean, hashNumber, hashRecord, hashString } from '../hash.js';
import type { TypeRegistry } from '../type-registry.js';

type DefinitionField = GraphQLFieldConfig<FieldDefinition, GraphQLContext, ArgMap>;

/** A validator parameter of a definition as a number (`StringLengthValidator.maxStringLength`), or null. */
const validatorNumber = (definition: FieldDefinition, validator: string, parameter: string): number | null =>
  hashNumber(hashRecord(definition.validatorConfiguration[validator]), parameter);

/** The REST hash of a definition's default value, via its field type. */
function defaultHash(definition: FieldDefinition, context: GraphQLContext): Hash {
  const type = context.repository.fieldTypes.find(definition.fieldTypeIdentifier);
  return type ? type.toHash(definition.defaultValue) : null;
}

/**
 * `ContentType`, `ContentTypeGroup`, the `ItemType` interface and `FieldDefinition` with its typed variants
 * (as in Ibexa). Typed definitions repeat the base fields and add `constraints`, `settings` and `defaultValue` read
 * from the definition's validators and settings.
 */
export function registerContentTypeTypes(registry: TypeRegistry): void {
  const language = () => ({ language: { type: registry.input('RepositoryLanguage') } });
  const baseFields = (): FieldMap<FieldDefinition> => ({
    id: { type: GraphQLInt },
    identifier: { type: GraphQLString },
    fieldGroup: { type: GraphQLString },
    position: { type: GraphQLInt },
    fieldTypeIdentifier: { type: GraphQLString },
    name: { type: GraphQLString, args: language(), resolve: (definition, args) => pickTranslation(definition.names, [stringArg(args, 'language')]) },
    description: {
      type: GraphQLString,
      args: language(),
      resolve: (definition, args) => pickTranslation(definition.descriptions, [stringArg(args, 'language')]),
    },
    isThumbnail: { type: GraphQLBoolean },
    isTranslatable: { type: GraphQLBoolean },
    isRequired: { type: GraphQLBoolean },
    isSearchable: { type: GraphQLBoolean },
  });
  const objectOf = (name: string, fields: () => FieldMap<FieldDefinition>) =>
    registry.add(new GraphQLObjectType<FieldDefinition, GraphQLContext>({ name, fields }));
  const definitionType = (name: string, extra: () => FieldMap<FieldDefinition>) =>
    objectOf(name, () => ({ ...baseFields(), ...extra() }));
  const defaultValue = (type: typeof GraphQLString | typeof GraphQLInt | typeof GraphQLFloat | typeof GraphQLBoolean): DefinitionField => ({
    type,
    resolve: (definition, _args, context) => {
      const hash = defaultHash(definition, context);
      return typeof hash === 'object' ? null : hash;
    },
  });
  const constraints = (name: string): DefinitionField => ({ type: registry.output(name), resolve: (definition) => definition });

  definitionType('FieldDefinition', () => ({}));
  objectOf('TextLineFieldDefinitionConstraints', () => ({
    minLength: { type: GraphQLInt, resolve: (d) => validatorNumber(d, 'StringLengthValidator', 'minStringLength') },
    maxLength: { type: GraphQLInt, resolve: (d) => validatorNumber(d, 'StringLengthValidator', 'maxStringLength') },
  }));
  definitionType('TextLineFieldDefinition', () => ({ constraints: constraints('TextLineFieldDefinitionConstraints'), defaultValue: defaultValue(GraphQLString) }));
  definitionType('TextBlockFieldDefinition', () => ({ defaultValue: defaultValue(GraphQLString) }));
  definitionType('CheckboxFieldDefinition', () => ({ defaultValue: defaultValue(GraphQLBoolean) }));
  objectOf('IntegerFieldDefinitionConstraints', () => ({
    minIntegerValue: { type: GraphQLInt, resolve: (d) => validatorNumber(d, 'IntegerValueValidator', 'minIntegerValue') },
    maxIntegerValue: { type: GraphQLInt, resolve: (d) => validatorNumber(d, 'IntegerValueValidator', 'maxIntegerValue') },
  }));
  definitionType('IntegerFieldDefinition', () => ({ defaultValue: defaultValue(GraphQLInt), constraints: constraints('IntegerFieldDefinitionConstraints') }));
  objectOf('FloatFieldDefinitionConstraints', () => ({
    minValue: { type: GraphQLFloat, resolve: (d) => validatorNumber(d, 'FloatValueValidator', 'minFloatValue') },
    maxValue: { type: GraphQLFloat, resolve: (d) => validatorNumber(d, 'FloatValueValidator', 'maxFloatValue') },
  }));
  definitionType('FloatFieldDefinition', () => ({ defaultValue: defaultValue(GraphQLFloat), constraints: constraints('FloatFieldDefinitionConstraints') }));
  objectOf('BinaryFieldDefinitionConstraints', () => ({
    maxFileSize: { type: GraphQLFloat, description: 'Megabytes; null = unlimited.', resolve: (d) => validatorNumber(d, 'FileSizeValidator', 'maxFileSize') },
  }));
  definitionType('BinaryFieldDefinition', () => ({ constraints: constraints('BinaryFieldDefinitionConstraints') }));
  objectOf('CountryFieldDefinitionSettings', () => ({
    isMultiple: { type: GraphQLBoolean, resolve: (d) => hashBoolean(d.fieldSettings, 'isMultiple') ?? false },
  }));
  definitionType('CountryFieldDefinition', () => ({ settings: constraints('CountryFieldDefinitionSettings') }));
  registry.add(new GraphQLObjectType({ name: 'SelectionFieldOption', fields: { index: { type: GraphQLInt }, label: { type: GraphQLString } } }));
  objectOf('SelectionFieldDefinitionSettings', () => ({
    isMultiple: { type: GraphQLBoolean, resolve: (d) => isMultipleSelection(d) },
    options: { type: new GraphQLList(registry.output('SelectionFieldOption')), resolve: (d) => selectionOptionList(d) },
  }));
  definitionType('SelectionFieldDefinition', () => ({ settings: constraints('SelectionFieldDefinitionSettings') }));
  objectOf('RelationFieldDefinitionSettings', () => ({
    selectionMethod: {
      type: GraphQLString,
      description: '"browse" or "dropdown" (other methods as their lower-cased Ibexa name).',
      resolve: (d) => hashString(d.fieldSettings, 'selectionMethod')?.replace(/^SELECTION_/, '').toLowerCase() ?? 'browse',
    },
    selectionDefaultLocation: {
      type: GraphQLString,
      resolve: (d) => {
        const value = d.fieldSettings['selectionDefaultLocation'] ?? d.fieldSettings['selectionRoot'];
        return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
      },
    },
    selectionContentTypes: { type: new GraphQLList(GraphQLString), description: 'Content type identifiers.', resolve: (d) => selectionContentTypes(d) },
  }));
  objectOf('RelationListFieldDefinitionConstraints', () => ({
    selectionLimit: { type: GraphQLInt, resolve: (d) => relationListLimit(d) },
  }));
  definitionType('RelationFieldDefinition', () => ({ settings: constraints('RelationFieldDefinitionSettings') }));
  definitionType('RelationListFieldDefinition', () => ({
    settings: constraints('RelationFieldDefinitionSettings'),
    constraints: constraints('RelationListFieldDefinitionConstraints'),
  }));

  registry.add(
    new GraphQLObjectType<ContentTypeGroup, GraphQLContext>({
      name: 'ContentTypeGroup',
      fields: (): FieldMap<ContentTypeGroup> => ({
        id: { type: GraphQLInt },
        identifier: { type: GraphQLString },
        creationDate: { type: registry.output('DateTime') },
        modificationDate: { type: registry.output('DateTime') },
        creatorId: { type: GraphQLInt },
        modifierId: { type: GraphQLInt },
        contentTypes: {
          type: new GraphQLList(registry.output('ContentType')),
          resolve: (group, _args, context) => context.repository.contentTypeService.loadContentTypes(group.id),
        },
      }),
    }),
  );
  registry.add(
    new GraphQLObjectType<ContentType, GraphQLContext>({
      name: 'ContentType',
      fields: (): FieldMap<ContentType> => ({
        id: { type: GraphQLInt },
        identifier: { type: GraphQLString },
        status: { type: GraphQLString },
        remoteId: { type: GraphQLString },
        name: {
          type: GraphQLString,
          args: language(),
          resolve: (type, args) => pickTranslation(type.names, [stringArg(args, 'language'), type.mainLanguageCode]),
        },
        names: { type: new GraphQLList(GraphQLString), resolve: (type) => Object.values(type.names) },
        description: {
          type: GraphQLString,
          args: language(),
          resolve: (type, args) => pickTranslation(type.descriptions, [stringArg(args, 'language'), type.mainLanguageCode]),
        },
        fieldDefinitions: { type: new GraphQLList(registry.output('FieldDefinition')) },
        creationDate: { type: registry.output('DateTime') },
        modificationDate: { type: registry.output('DateTime') },
        creatorId: { type: GraphQLInt },
        modifierId: { type: GraphQLInt },
        urlAliasSchema: { type: GraphQLString },
        nameSchema: { type: GraphQLString },
        isContainer: { type: GraphQLBoolean },
        mainLanguageCode: { type: GraphQLString },
        defaultAlwaysAvailable: { type: GraphQLBoolean },
        defaultSortField: { type: GraphQLString },
        defaultSortOrder: { type: GraphQLString },
        groups: {
          type: new GraphQLList(registry.output('ContentTypeGroup')),
          resolve: (type, _args, context) => Promise.all(type.groupIds.map((id) => context.repository.contentTypeService.loadContentTypeGroup(id))),
        },
      }),
    }),
  );
  registry.add(
    new GraphQLInterfaceType({
      name: 'ItemType',
      description: 'Metadata of a content type as generated for it (`FolderItemType`).',
      fields: () => ({ _info: { type: registry.output('ContentType') } }),
    }),
  );
}
