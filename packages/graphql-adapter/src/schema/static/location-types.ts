import type { Location } from '@contentrepo/core';
import { GraphQLBoolean, GraphQLEnumType, GraphQLInt, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import type { GraphQLContext } from '../../resolvers/graphql-context.js';
import { locationChildren } from '../../resolvers/list-resolvers.js';
import { LOCATION_SORT_BY_OPTIONS, SORT_BY_OPTIONS } from '../../resolvers/search-input.js';
import { itemValue, type Connection, type Edge } from '../../resolvers/resolver-values.js';
import type { FieldMap } from '../args.js';
import type { TypeRegistry } from '../type-registry.js';

/** Relay paging arguments (`first`, `after`, `last`, `before`). */
export const relayArgs = () => ({
  first: { type: GraphQLInt },
  after: { type: GraphQLString },
  last: { type: GraphQLInt },
  before: { type: GraphQLString },
});

/**
 * `Location`, its children connection and the sort enums (`SortByOptions`, `LocationSortByOptions`). `Location.content`
 * is typed `DomainContent` as in Ibexa and resolves to the `<Ident>Content` type of the item, keeping this location.
 */
export function registerLocationTypes(registry: TypeRegistry): void {
  const sortValues = (values: readonly string[]) => Object.fromEntries(values.map((value) => [value, { value }]));
  registry.add(new GraphQLEnumType({ name: 'SortByOptions', values: sortValues(SORT_BY_OPTIONS) }));
  registry.add(new GraphQLEnumType({ name: 'LocationSortByOptions', values: sortValues(LOCATION_SORT_BY_OPTIONS) }));
  registry.add(
    new GraphQLObjectType<Location, GraphQLContext>({
      name: 'Location',
      fields: (): FieldMap<Location> => ({
        id: { type: new GraphQLNonNull(GraphQLInt) },
        contentId: { type: new GraphQLNonNull(GraphQLInt) },
        priority: { type: GraphQLInt },
        hidden: { type: GraphQLBoolean },
        invisible: { type: GraphQLBoolean },
        remoteId: { type: GraphQLString },
        parentLocationId: { type: GraphQLInt },
        parentLocation: {
          type: registry.output('Location'),
          resolve: (location, _args, context) => (location.id === 1 ? null : context.loaders.location(location.parentLocationId)),
        },
        pathString: { type: GraphQLString },
        path: {
          type: new GraphQLList(GraphQLInt),
          resolve: (location) => location.pathString.split('/').filter((part) => part !== '').map(Number),
        },
        depth: { type: GraphQLInt },
        sortField: { type: GraphQLString },
        sortOrder: { type: GraphQLString },
        children: {
          type: registry.output('LocationConnection'),
          args: { sortBy: { type: new GraphQLList(registry.input('LocationSortByOptions')) }, ...relayArgs() },
          resolve: (location, args, context) => locationChildren(context, location, args),
        },
        contentInfo: { type: registry.output('Content') },
        content: { type: registry.output('DomainContent'), resolve: (location) => itemValue(location.contentInfo, location) },
      }),
    }),
  );
  registry.add(
    new GraphQLObjectType<Edge<Location>, GraphQLContext>({
      name: 'LocationEdge',
      fields: () => ({ node: { type: registry.output('Location') }, cursor: { type: new GraphQLNonNull(GraphQLString) } }),
    }),
  );
  registry.add(
    new GraphQLObjectType<Connection<Location>, GraphQLContext>({
      name: 'LocationConnection',
      fields: () => connectionFields(registry, 'LocationEdge', true),
    }),
  );
}

/** Fields of a connection type (`edges`, `pageInfo`, `sliceSize`, `orderBy`, `totalCount`, and `pages` if asked). */
export function connectionFields(registry: TypeRegistry, edgeType: string, withPages: boolean) {
  return {
    edges: { type: new GraphQLList(registry.output(edgeType)) },
    pageInfo: { type: new GraphQLNonNull(registry.output('PageInfo')) },
    sliceSize: { type: new GraphQLNonNull(GraphQLInt), description: 'Page size used for this connection.' },
    orderBy: { type: GraphQLString },
    totalCount: { type: GraphQLInt, description: 'Number of items matching, all pages together.' },
    ...(withPages ? { pages: { type: new GraphQLList(registry.output('ConnectionPage')) } } : {}),
  };
}
