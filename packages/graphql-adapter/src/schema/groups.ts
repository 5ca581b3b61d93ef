import type { ContentType, ContentTypeGroup } from '@contentrepo/core';
import { GraphQLInt, GraphQLList, GraphQLObjectType, GraphQLString } from 'graphql';
import type { GraphQLContext } from '../resolvers/graphql-context.js';
import { userError } from '../resolvers/graphql-errors.js';
import { lookupItem } from '../resolvers/items.js';
import { listItemsOfType } from '../resolvers/list-resolvers.js';
import type { FieldMap } from './args.js';
import type { PlannedGroup, PlannedType } from './plan.js';
import type { TypeRegistry } from './type-registry.js';
import { relayArgs } from './static/location-types.js';

/** Lookup arguments of `item` and of the singular group fields (Ibexa 4.x). */
export const itemLookupArgs = () => ({
  contentId: { type: GraphQLInt },
  remoteId: { type: GraphQLString },
  locationId: { type: GraphQLInt },
  locationRemoteId: { type: GraphQLString },
  urlAlias: { type: GraphQLString },
});

/** Ibexa's description of a singular group field: the content type's eng-GB description. */
function typeDescription(contentType: ContentType): string {
  const text = contentType.descriptions['eng-GB'] ?? contentType.descriptions[contentType.mainLanguageCode];
  return text && text.trim() !== '' ? text : 'No description available';
}

/**
 * Ibexa's group types: `ItemGroup<Group>` with `_info`, `_types` (`ItemGroup<Group>Types`, one `<Ident>ItemType` field
 * per type), the singular `<ident>(contentId:, …)` lookup (with a type check) and the `<plural>(query:, sortBy:,
 * first:, …)` connection of each type. Returns the root fields, one per group.
 */
export function registerGroups(registry: TypeRegistry, groups: readonly PlannedGroup[]): FieldMap<unknown> {
  const rootFields: FieldMap<unknown> = {};
  for (const { group, names, types } of groups) {
    const typesType = new GraphQLObjectType<ContentTypeGroup, GraphQLContext>({
      name: names.typesType,
      fields: (): FieldMap<ContentTypeGroup> =>
        Object.fromEntries(
          types.map((type) => [type.names.field, { type: registry.output(type.names.itemType), resolve: () => type.contentType }]),
        ),
    });
    const groupType = new GraphQLObjectType<ContentTypeGroup, GraphQLContext>({
      name: names.type,
      fields: (): FieldMap<ContentTypeGroup> => {
        const fields: FieldMap<ContentTypeGroup> = {
          _info: { type: registry.output('ContentTypeGroup'), resolve: (value) => value },
          _types: { type: registry.output(names.typesType), resolve: (value) => value },
        };
        for (const type of types) {
          for (const [key, field] of Object.entries(groupTypeFields(registry, type))) if (!(key in fields)) fields[key] = field;
        }
        return fields;
      },
    });
    if (registry.add(typesType) && registry.add(groupType)) {
      rootFields[names.field] = { type: registry.output(names.type), resolve: () => group };
    }
  }
  return rootFields;
}

function groupTypeFields(registry: TypeRegistry, type: PlannedType): FieldMap<ContentTypeGroup> {
  const { contentType, names } = type;
  return {
    [names.field]: {
      type: registry.output(names.item),
      description: typeDescription(contentType),
      args: itemLookupArgs(),
      resolve: async (_group, args, context) => {
        const item = await lookupItem(context, args);
        if (item.contentInfo.contentTypeId !== contentType.id) {
          throw userError(`Content ${item.contentInfo.id} is not of type '${contentType.identifier}'`, 'BAD_USER_INPUT');
        }
        return item;
      },
    },
    [names.pluralField]: {
      type: registry.output(names.connection),
      args: {
        query: { type: registry.input('ContentSearchQuery') },
        sortBy: { type: new GraphQLList(registry.input('SortByOptions')) },
        ...relayArgs(),
      },
      resolve: (_group, args, context) => listItemsOfType(context, contentType.id, args),
    },
  };
}
