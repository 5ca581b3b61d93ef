import { GraphQLID, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import type { GraphQLContext } from '../resolvers/graphql-context.js';
import { userError } from '../resolvers/graphql-errors.js';
import { contentIdOfGlobalId } from '../resolvers/global-id.js';
import { locationOfUrlAlias, lookupItem } from '../resolvers/items.js';
import { itemValue } from '../resolvers/resolver-values.js';
import { intArg, stringArg, type FieldMap } from './args.js';
import { itemLookupArgs } from './groups.js';
import type { TypeRegistry } from './type-registry.js';

/**
 * `Repository` (the `_repository` field): location, content type and group lookups, plus this server's additions for
 * introspective clients: `contentTypeGroups`, `sections`, `section` and `languages`.
 */
function registerRepositoryType(registry: TypeRegistry): void {
  registry.add(
    new GraphQLObjectType<unknown, GraphQLContext>({
      name: 'Repository',
      fields: (): FieldMap<unknown> => ({
        location: {
          type: registry.output('Location'),
          args: { locationId: { type: GraphQLInt }, remoteId: { type: GraphQLString }, urlAlias: { type: GraphQLString } },
          resolve: (_root, args, context) => {
            const locationId = intArg(args, 'locationId');
            if (locationId !== undefined) return context.loaders.location(locationId);
            const remoteId = stringArg(args, 'remoteId');
            if (remoteId !== undefined) return context.repository.locationService.loadLocationByRemoteId(remoteId);
            const urlAlias = stringArg(args, 'urlAlias');
            if (urlAlias !== undefined) return locationOfUrlAlias(context, urlAlias);
            throw userError('Requires one and only one of remoteId or locationId', 'BAD_USER_INPUT');
          },
        },
        contentType: {
          type: registry.output('ContentType'),
          args: { id: { type: GraphQLInt }, identifier: { type: GraphQLString } },
          resolve: (_root, args, context) => {
            const id = intArg(args, 'id');
            if (id !== undefined) return context.repository.contentTypeService.loadContentType(id);
            const identifier = stringArg(args, 'identifier');
            if (identifier !== undefined) return context.repository.contentTypeService.loadContentTypeByIdentifier(identifier);
            throw userError('Requires id or identifier', 'BAD_USER_INPUT');
          },
        },
        contentTypes: {
          type: new GraphQLList(registry.output('ContentType')),
          args: { groupId: { type: GraphQLString }, groupIdentifier: { type: GraphQLString } },
          resolve: async (_root, args, context) => {
            const service = context.repository.contentTypeService;
            const groupId = stringArg(args, 'groupId');
            if (groupId !== undefined) return service.loadContentTypes(Number(groupId));
            const groupIdentifier = stringArg(args, 'groupIdentifier');
            if (groupIdentifier !== undefined) return service.loadContentTypes((await service.loadContentTypeGroupByIdentifier(groupIdentifier)).id);
            return service.loadAllContentTypes();
          },
        },
        contentTypeGroups: {
          type: new GraphQLList(registry.output('ContentTypeGroup')),
          resolve: (_root, _args, context) => context.repository.contentTypeService.loadContentTypeGroups(),
        },
        sections: { type: new GraphQLList(registry.output('Section')), resolve: (_root, _args, context) => context.repository.sectionService.loadSections() },
        section: {
          type: registry.output('Section'),
          args: { id: { type: GraphQLInt }, identifier: { type: GraphQLString } },
          resolve: (_root, args, context) => {
            const id = intArg(args, 'id');
            if (id !== undefined) return context.repository.sectionService.loadSection(id);
            const identifier = stringArg(args, 'identifier');
            if (identifier !== undefined) return context.repository.sectionService.loadSectionByIdentifier(identifier);
            throw userError('Requires id or identifier', 'BAD_USER_INPUT');
          },
        },
        languages: { type: new GraphQLList(registry.output('Language')), resolve: (_root, _args, context) => context.repository.languageService.loadLanguages() },
      }),
    }),
  );
}

/**
 * Ibexa's generated query root `Domain`: `_repository`, `node(id:)`, `item(...)` and one field per content type group
 * (`content`, `media`, `users`). A group field named like a static field is skipped (first wins).
 */
export function registerQuery(registry: TypeRegistry, groupFields: FieldMap<unknown>): GraphQLObjectType {
  registerRepositoryType(registry);
  const query = new GraphQLObjectType<unknown, GraphQLContext>({
    name: 'Domain',
    fields: (): FieldMap<unknown> => ({
      ...groupFields,
      _repository: { type: registry.output('Repository'), resolve: () => ({}) },
      node: {
        type: registry.output('Node'),
        args: { id: { type: new GraphQLNonNull(GraphQLID) } },
        resolve: async (_root, args, context) => {
          const id = contentIdOfGlobalId(stringArg(args, 'id') ?? '');
          if (id === null) throw userError(`Invalid global id '${stringArg(args, 'id') ?? ''}'`, 'BAD_USER_INPUT');
          return itemValue(await context.loaders.contentInfo(id));
        },
      },
      item: {
        type: registry.output('Item'),
        args: { id: { type: GraphQLID }, ...itemLookupArgs() },
        resolve: (_root, args, context) => lookupItem(context, args),
      },
    }),
  });
  registry.add(query);
  return query;
}
