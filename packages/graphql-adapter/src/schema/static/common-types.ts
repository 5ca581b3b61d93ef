import type { Relation, Section, User, VersionInfo, ContentInfo, Language } from '@contentrepo/core';
import {
  GraphQLEnumType,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLBoolean,
  GraphQLString,
  GraphQLInt,
} from 'graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { GraphQLContext } from '../../resolvers/graphql-context.js';
import { DATE_FORMAT_CONSTANTS, formatDate } from '../../resolvers/date-format.js';
import { pickTranslation } from '../../resolvers/translations.js';
import { itemValue } from '../../resolvers/resolver-values.js';
import { stringArg, type FieldMap } from '../args.js';
import type { TypeRegistry } from '../type-registry.js';

/** Unix seconds of a date. */
export const timestamp = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * Ibexa's static types shared by everything: `FileUpload` (graphql-upload's scalar under Ibexa's name), `DateTime`,
 * `PageInfo`, `ConnectionPage`, `Section`, `Language`, `Version`, `User`, `Content` (the ContentInfo type),
 * `ContentRelation` and `RelationType`.
 */
export function registerCommonTypes(registry: TypeRegistry): void {
  registry.add(
    new GraphQLScalarType({
      ...GraphQLUpload.toConfig(),
      name: 'FileUpload',
      description: 'A file sent as a part of a GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec).',
    }),
  );
  registry.add(
    new GraphQLEnumType({
      name: 'DateFormatConstant',
      values: Object.fromEntries(Object.keys(DATE_FORMAT_CONSTANTS).map((name) => [name, { value: name }])),
    }),
  );
  registry.add(
    new GraphQLObjectType<Date, GraphQLContext>({
      name: 'DateTime',
      description: 'A date and time (UTC).',
      fields: (): FieldMap<Date> => ({
        timestamp: { type: GraphQLInt, description: 'Unix seconds.', resolve: (date) => timestamp(date) },
        format: {
          type: GraphQLString,
          description: 'The date formatted with a PHP date pattern or a named format; null without either.',
          args: { pattern: { type: GraphQLString }, constant: { type: registry.input('DateFormatConstant') } },
          resolve: (date, args) => {
            const pattern = stringArg(args, 'pattern') ?? DATE_FORMAT_CONSTANTS[stringArg(args, 'constant') ?? ''];
            return pattern === undefined ? null : formatDate(date, pattern);
          },
        },
      }),
    }),
  );
  registry.add(
    new GraphQLObjectType({
      name: 'PageInfo',
      description: 'Relay page information.',
      fields: {
        hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean) },
        hasPreviousPage: { type: new GraphQLNonNull(GraphQLBoolean) },
        startCursor: { type: GraphQLString },
        endCursor: { type: GraphQLString },
      },
    }),
  );
  registry.add(new GraphQLObjectType({ name: 'ConnectionPage', fields: { number: { type: GraphQLInt }, cursor: { type: GraphQLString } } }));
  registry.add(
    new GraphQLObjectType<Section, GraphQLContext>({
      name: 'Section',
      fields: { id: { type: GraphQLInt }, identifier: { type: GraphQLString }, name: { type: GraphQLString } },
    }),
  );
  registry.add(
    new GraphQLObjectType<Language, GraphQLContext>({
      name: 'Language',
      fields: {
        id: { type: GraphQLInt },
        languageCode: { type: GraphQLString },
        name: { type: GraphQLString },
        enabled: { type: GraphQLBoolean },
      },
    }),
  );
  registry.add(
    new GraphQLObjectType<VersionInfo, GraphQLContext>({
      name: 'Version',
      fields: (): FieldMap<VersionInfo> => ({
        id: { type: GraphQLInt },
        versionNumber: { type: GraphQLInt, resolve: (version) => version.versionNo },
        names: { type: new GraphQLList(GraphQLString), resolve: (version) => Object.values(version.names) },
        name: {
          type: GraphQLString,
          args: { language: { type: registry.input('RepositoryLanguage') } },
          resolve: (version, args) => pickTranslation(version.names, [stringArg(args, 'language'), version.initialLanguageCode]),
        },
        modificationDate: { type: registry.output('DateTime') },
        creationDate: { type: registry.output('DateTime') },
        creatorId: { type: GraphQLInt },
        creator: { type: registry.output('User'), resolve: (version, _args, context) => loadUser(context, version.creatorId) },
        status: {
          type: GraphQLInt,
          description: 'Ibexa version status: 0 draft, 1 published, 3 archived.',
          resolve: (version) => ({ DRAFT: 0, PUBLISHED: 1, ARCHIVED: 3 })[version.status],
        },
        statusName: { type: GraphQLString, description: 'DRAFT, PUBLISHED or ARCHIVED.', resolve: (version) => version.status },
        initialLanguageCode: { type: GraphQLString },
        languageCodes: { type: new GraphQLList(GraphQLString) },
      }),
    }),
  );
  registry.add(
    new GraphQLObjectType<User, GraphQLContext>({
      name: 'User',
      fields: (): FieldMap<User> => ({
        id: { type: GraphQLInt, resolve: (user) => user.contentInfo.id },
        name: { type: GraphQLString, resolve: (user) => user.contentInfo.name },
        login: { type: GraphQLString },
        email: { type: GraphQLString },
        enabled: { type: GraphQLBoolean },
        maxLogin: { type: GraphQLInt },
        content: { type: registry.output('Item'), resolve: (user) => itemValue(user.contentInfo) },
      }),
    }),
  );
  registry.add(
    new GraphQLEnumType({
      name: 'RelationType',
      values: { common: { value: 'COMMON' }, embed: { value: 'EMBED' }, link: { value: 'LINK' }, field: { value: 'FIELD' }, asset: { value: 'ASSET' } },
    }),
  );
  registry.add(
    new GraphQLObjectType<Relation, GraphQLContext>({
      name: 'ContentRelation',
      fields: (): FieldMap<Relation> => ({
        sourceFieldDefinitionIdentifier: { type: GraphQLString },
        sourceContent: {
          type: registry.output('DomainContent'),
          resolve: async (relation, _args, context) => itemValue(await context.loaders.contentInfo(relation.sourceContentId)),
        },
        destinationContent: {
          type: registry.output('DomainContent'),
          resolve: async (relation, _args, context) => itemValue(await context.loaders.contentInfo(relation.destinationContentId)),
        },
        type: { type: registry.output('RelationType') },
      }),
    }),
  );
  registry.add(
    new GraphQLObjectType<ContentInfo, GraphQLContext>({
      name: 'Content',
      description: 'Metadata of a content item (Ibexa ContentInfo).',
      fields: (): FieldMap<ContentInfo> => ({
        id: { type: GraphQLInt },
        contentTypeId: { type: new GraphQLNonNull(GraphQLInt) },
        contentType: { type: registry.output('ContentType'), resolve: (info, _args, context) => context.loaders.contentType(info.contentTypeId) },
        name: { type: GraphQLString },
        section: { type: registry.output('Section'), resolve: (info, _args, context) => context.repository.sectionService.loadSection(info.sectionId) },
        sectionId: { type: GraphQLInt },
        currentVersionNo: { type: GraphQLInt },
        currentVersion: {
          type: registry.output('Version'),
          resolve: (info, _args, context) => context.repository.contentService.loadVersionInfo(info.id, info.currentVersionNo),
        },
        versions: { type: new GraphQLList(registry.output('Version')), resolve: (info, _args, context) => context.repository.contentService.loadVersions(info.id) },
        published: { type: GraphQLBoolean, resolve: (info) => info.status === 'PUBLISHED' },
        ownerId: { type: GraphQLInt },
        owner: { type: registry.output('User'), resolve: (info, _args, context) => loadUser(context, info.ownerId) },
        modificationDate: { type: registry.output('DateTime') },
        publishedDate: { type: registry.output('DateTime') },
        alwaysAvailable: { type: GraphQLBoolean },
        remoteId: { type: GraphQLString },
        mainLanguageCode: { type: GraphQLString },
        mainLocationId: { type: GraphQLInt },
        mainLocation: {
          type: registry.output('Location'),
          resolve: (info, _args, context) => (info.mainLocationId === null ? null : context.loaders.location(info.mainLocationId)),
        },
        locations: { type: new GraphQLList(registry.output('Location')), resolve: (info, _args, context) => context.repository.locationService.loadLocations(info.id) },
        relations: {
          type: new GraphQLList(registry.output('ContentRelation')),
          resolve: async (info, _args, context) =>
            context.repository.contentService.loadRelations(await context.repository.contentService.loadVersionInfo(info.id, info.currentVersionNo)),
        },
        reverseRelations: {
          type: new GraphQLList(registry.output('ContentRelation')),
          // Ibexa 4.6 `ContentService::loadReverseRelations`: relations from published items whose source the user
          // may read; without content/reverserelatedlist it throws (a null field and an internal error entry).
          resolve: (info, _args, context) => context.repository.contentService.loadReverseRelations(info),
        },
      }),
    }),
  );
}

/** A user by content id, or null when the caller may not read it (owner/creator fields degrade instead of failing). */
async function loadUser(context: GraphQLContext, userId: number): Promise<User | null> {
  try {
    return await context.repository.userService.loadUser(userId);
  } catch {
    return null;
  }
}
