import { GraphQLID, GraphQLInt, GraphQLInterfaceType, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import type { GraphQLContext } from '../resolvers/graphql-context.js';
import { itemGlobalId } from '../resolvers/global-id.js';
import { itemLocation, itemName, itemThumbnail, locationUrl, pickField, valueLanguages } from '../resolvers/items.js';
import { isItemValue, type ItemValue } from '../resolvers/resolver-values.js';
import { stringArg, type FieldMap } from './args.js';
import type { TypeRegistry } from './type-registry.js';

/** Maps an item to the name of its generated object type, per interface flavour. */
export interface ItemTypeNames {
  /** `<Ident>Item` of a content type id, if generated. */
  item(contentTypeId: number): string | undefined;
  /** `<Ident>Content` of a content type id, if generated. */
  content(contentTypeId: number): string | undefined;
}

/**
 * The fields every item type has (Ibexa's common item fields plus those the client examples read): `id` (global id
 * `DomainContent:<contentId>`), `contentId`, `_info`/`_contentInfo` (ContentInfo; `_content` is the deprecated 3.x
 * alias), `_type`, `_location` (the guessed location), `_allLocations`, `_name`, `_url`, `_thumbnail`.
 */
export function commonItemFields(registry: TypeRegistry): FieldMap<ItemValue> {
  return {
    id: { type: new GraphQLNonNull(GraphQLID), description: 'Relay global id (`DomainContent:<contentId>`).', resolve: (item) => itemGlobalId(item.contentInfo.id) },
    contentId: { type: new GraphQLNonNull(GraphQLInt), resolve: (item) => item.contentInfo.id },
    _info: { type: registry.output('Content'), description: 'The ContentInfo.', resolve: (item) => item.contentInfo },
    _contentInfo: { type: registry.output('Content'), description: 'The ContentInfo (4.x name).', resolve: (item) => item.contentInfo },
    _content: { type: registry.output('Content'), deprecationReason: 'Renamed to _info', resolve: (item) => item.contentInfo },
    _type: { type: registry.output('ContentType'), resolve: (item, _args, context) => context.loaders.contentType(item.contentInfo.contentTypeId) },
    _location: { type: registry.output('Location'), resolve: (item, _args, context) => itemLocation(context, item) },
    _allLocations: {
      type: new GraphQLList(registry.output('Location')),
      resolve: (item, _args, context) => context.repository.locationService.loadLocations(item.contentInfo.id),
    },
    _name: {
      type: GraphQLString,
      args: { language: { type: registry.input('RepositoryLanguage') } },
      resolve: (item, args, context) => itemName(context, item, stringArg(args, 'language')),
    },
    _url: {
      type: GraphQLString,
      description: 'Path of the URL alias of the item location.',
      resolve: async (item, _args, context) => {
        const location = await itemLocation(context, item);
        return location === null ? null : locationUrl(context, location);
      },
    },
    _thumbnail: {
      type: registry.output('Thumbnail'),
      resolve: async (item, _args, context) => itemThumbnail(context, item, await context.loaders.contentType(item.contentInfo.contentTypeId)),
    },
  };
}

/** A text field read by identifier (for the static fallback types, which know no definitions). */
function textFieldByIdentifier(identifier: string): FieldMap<ItemValue>[string] {
  return {
    type: GraphQLString,
    resolve: async (item, _args, context) => {
      const content = await context.loaders.content(item.contentInfo.id);
      const field = pickField(content, identifier, valueLanguages(context, item, undefined));
      const hash = field === null ? null : context.repository.fieldTypes.get(field.fieldTypeIdentifier).toHash(field.value);
      return typeof hash === 'string' ? hash : null;
    },
  };
}

/**
 * The item interfaces and fallback types: `Node`, `Item` (4.x), `DomainContent` (3.x, the type of
 * `uploadFiles.files` and `Location.content`), `UntypedItem`/`UntypedContent` for items whose type is not in the
 * schema, and — when the model has no such content type — `ImageContent`, `FileContent` and `VideoContent`, so
 * that the client examples' `... on ImageContent/FileContent/VideoContent` fragments are always valid.
 */
export function registerItemInterfaces(registry: TypeRegistry, names: ItemTypeNames): void {
  const resolveItem = (value: unknown) =>
    isItemValue(value) ? (names.item(value.contentInfo.contentTypeId) ?? 'UntypedItem') : undefined;
  const resolveContent = (value: unknown) =>
    isItemValue(value) ? (names.content(value.contentInfo.contentTypeId) ?? 'UntypedContent') : undefined;
  registry.add(
    new GraphQLInterfaceType({
      name: 'Node',
      description: 'Relay node.',
      fields: { id: { type: new GraphQLNonNull(GraphQLID) } },
      resolveType: resolveItem,
    }),
  );
  const interfaceFields = () => commonItemFields(registry);
  registry.add(new GraphQLInterfaceType({ name: 'Item', description: 'A content item (4.x).', fields: interfaceFields, resolveType: resolveItem }));
  registry.add(
    new GraphQLInterfaceType({ name: 'DomainContent', description: 'A content item (3.x).', fields: interfaceFields, resolveType: resolveContent }),
  );
  const untyped = (name: string, flavour: string) =>
    registry.add(
      new GraphQLObjectType<ItemValue, GraphQLContext>({
        name,
        interfaces: () => [registry.interface(flavour), registry.interface('Node')],
        fields: () => ({
          ...commonItemFields(registry),
          reason: { type: GraphQLString, resolve: () => "This content type isn't part of the schema." },
        }),
      }),
    );
  untyped('UntypedItem', 'Item');
  untyped('UntypedContent', 'DomainContent');
}

/** Registers `ImageContent`, `FileContent` and `VideoContent` where no content type generated them. */
export function registerUploadFallbackTypes(registry: TypeRegistry): void {
  const fallbacks: [string, string, string][] = [
    ['ImageContent', 'image', 'ImageFieldValue'],
    ['FileContent', 'file', 'BinaryFileFieldValue'],
    ['VideoContent', 'file', 'BinaryFileFieldValue'],
  ];
  for (const [name, fileField, valueType] of fallbacks) {
    if (registry.has(name)) continue;
    registry.add(
      new GraphQLObjectType<ItemValue, GraphQLContext>({
        name,
        description: `Declared for the documented \`... on ${name}\` fragments; no content type of this kind exists.`,
        interfaces: () => [registry.interface('DomainContent'), registry.interface('Node')],
        fields: () => ({
          ...commonItemFields(registry),
          name: textFieldByIdentifier('name'),
          [fileField]: { type: registry.output(valueType), resolve: () => null },
        }),
      }),
    );
  }
}
