import type { ContentType, FieldDefinition } from '@contentrepo/core';
import { GraphQLInputObjectType, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLInputFieldConfigMap } from 'graphql';
import type { GraphQLContext } from '../resolvers/graphql-context.js';
import { resolveFieldValue } from '../resolvers/field-value-resolver.js';
import type { Connection, Edge, ItemValue } from '../resolvers/resolver-values.js';
import { stringArg, type FieldMap } from './args.js';
import { commonItemFields } from './item-interfaces.js';
import type { PlannedType } from './plan.js';
import type { TypeRegistry } from './type-registry.js';
import { connectionFields } from './static/location-types.js';

/** Description of a generated field: the definition's description in its first language, if any. */
function fieldDescription(definition: FieldDefinition): string | undefined {
  return Object.values(definition.descriptions).find((text) => text.trim() !== '');
}

/** The per-field part of an item type: one field per planned field definition, valued by its mapping. */
function definitionFields(registry: TypeRegistry, type: PlannedType): FieldMap<ItemValue> {
  const fields: FieldMap<ItemValue> = {};
  for (const { definition, name, mapping } of type.fields) {
    const description = fieldDescription(definition);
    const asList = mapping.valueType.startsWith('[');
    fields[name] = {
      type: registry.output(mapping.valueType),
      ...(description === undefined ? {} : { description }),
      ...(definition.isTranslatable ? { args: { language: { type: registry.input('RepositoryLanguage') } } } : {}),
      resolve: (item, args, context) => resolveFieldValue(context, item, definition, stringArg(args, 'language'), asList),
    };
  }
  return fields;
}

/** Input fields of a create (required fields non-null) or update (all optional) input, for fields that have an input type. */
export function inputFields(registry: TypeRegistry, type: PlannedType, mode: 'create' | 'update'): GraphQLInputFieldConfigMap {
  const fields: GraphQLInputFieldConfigMap = {};
  for (const { definition, name, mapping } of type.fields) {
    if (mapping.inputType === null) continue;
    const input = registry.input(mapping.inputType);
    fields[name] = { type: mode === 'create' && definition.isRequired ? new GraphQLNonNull(input) : input };
  }
  return fields;
}

/**
 * The generated types of one content type, named as Ibexa names them: `<Ident>Item` (implements `Item`, `Node`) and its
 * 3.x twin `<Ident>Content` (implements `DomainContent`, `Node`) with the same fields, `<Ident>ItemType`,
 * `<Ident>ItemConnection`/`<Ident>ItemEdge`, and the create/update inputs when the type has settable fields. Returns
 * which of the two item types were registered (a name taken by an earlier type is skipped).
 */
export function registerContentType(registry: TypeRegistry, type: PlannedType): { item: boolean; content: boolean; inputs: boolean } {
  const { names } = type;
  const fields = (): FieldMap<ItemValue> => ({ ...commonItemFields(registry), ...definitionFields(registry, type) });
  const description = Object.values(type.contentType.descriptions).find((text) => text.trim() !== '');
  const item = registry.add(
    new GraphQLObjectType<ItemValue, GraphQLContext>({
      name: names.item,
      ...(description === undefined ? {} : { description }),
      interfaces: () => [registry.interface('Item'), registry.interface('Node')],
      fields,
    }),
  );
  const content = registry.add(
    new GraphQLObjectType<ItemValue, GraphQLContext>({
      name: names.content,
      ...(description === undefined ? {} : { description }),
      interfaces: () => [registry.interface('DomainContent'), registry.interface('Node')],
      fields,
    }),
  );
  registry.add(
    new GraphQLObjectType<ContentType, GraphQLContext>({
      name: names.itemType,
      interfaces: () => [registry.interface('ItemType')],
      fields: (): FieldMap<ContentType> => {
        const map: FieldMap<ContentType> = { _info: { type: registry.output('ContentType'), resolve: (contentType) => contentType } };
        for (const { definition, name, mapping } of type.fields) {
          map[name] = {
            type: registry.output(mapping.definitionType),
            resolve: (contentType) => contentType.fieldDefinitions.find((candidate) => candidate.identifier === definition.identifier) ?? definition,
          };
        }
        return map;
      },
    }),
  );
  if (item) {
    registry.add(
      new GraphQLObjectType<Edge<ItemValue>, GraphQLContext>({
        name: names.edge,
        fields: () => ({ node: { type: registry.output(names.item) }, cursor: { type: new GraphQLNonNull(GraphQLString) } }),
      }),
    );
    registry.add(
      new GraphQLObjectType<Connection<ItemValue>, GraphQLContext>({
        name: names.connection,
        fields: () => connectionFields(registry, names.edge, false),
      }),
    );
  }
  const settable = type.fields.some((field) => field.mapping.inputType !== null);
  const inputs =
    settable &&
    registry.add(new GraphQLInputObjectType({ name: names.createInput, fields: () => inputFields(registry, type, 'create') })) &&
    registry.add(new GraphQLInputObjectType({ name: names.updateInput, fields: () => inputFields(registry, type, 'update') }));
  return { item, content, inputs };
}
