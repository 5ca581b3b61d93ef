import { isRepositoryError, urlAliasSegment, type Content, type ContentType, type Field, type FieldDefinition, type Location } from '@contentrepo/core';
import { intArg, stringArg, type ArgMap } from '../schema/args.js';
import type { ThumbnailSource } from '../field-types/field-type-mapper.js';
import type { GraphQLContext } from './graphql-context.js';
import { userError } from './graphql-errors.js';
import { contentIdOfGlobalId } from './global-id.js';
import { pickTranslation } from './translations.js';
import { itemValue, type ItemValue } from './resolver-values.js';

/**
 * Loading items and their common fields, as Ibexa does: lookups by content id, remote id, location id or location
 * remote id, the guessed location, `_name`, `_url`, `_thumbnail`, and the field of a definition in the prioritised
 * language.
 */

/**
 * The item an `item(...)`-style lookup names: the first argument present in the order id → contentId → remoteId
 * → locationId → locationRemoteId → urlAlias (Ibexa's `item` resolver). Location lookups keep that location.
 * @throws GraphQLError when no argument is given; core errors for unknown or unreadable items.
 */
export async function lookupItem(context: GraphQLContext, args: ArgMap): Promise<ItemValue> {
  const { repository, loaders } = context;
  const id = stringArg(args, 'id');
  if (id !== undefined) {
    const contentId = contentIdOfGlobalId(id);
    if (contentId === null) throw userError(`Invalid global id '${id}'`, 'BAD_USER_INPUT');
    return itemValue(await loaders.contentInfo(contentId));
  }
  const contentId = intArg(args, 'contentId');
  if (contentId !== undefined) return itemValue(await loaders.contentInfo(contentId));
  const remoteId = stringArg(args, 'remoteId');
  if (remoteId !== undefined) return itemValue(await repository.contentService.loadContentInfoByRemoteId(remoteId));
  const locationId = intArg(args, 'locationId');
  if (locationId !== undefined) {
    const location = await loaders.location(locationId);
    return itemValue(location.contentInfo, location);
  }
  const locationRemoteId = stringArg(args, 'locationRemoteId');
  if (locationRemoteId !== undefined) {
    const location = await repository.locationService.loadLocationByRemoteId(locationRemoteId);
    return itemValue(location.contentInfo, location);
  }
  const urlAlias = stringArg(args, 'urlAlias');
  if (urlAlias !== undefined) {
    const location = await locationOfUrlAlias(context, urlAlias);
    return itemValue(location.contentInfo, location);
  }
  throw userError('Missing required argument contentId, remoteId, locationId or locationRemoteId', 'BAD_USER_INPUT');
}

/**
 * The location a URL alias path leads to (`item(urlAlias:)`, `_repository { location(urlAlias:) }`), through the
 * URLAliasService's lookup (history paths included).
 * @throws NotFoundError (core) for an unknown path; GraphQLError NOT_FOUND for an alias of a resource.
 */
export async function locationOfUrlAlias(context: GraphQLContext, urlAlias: string): Promise<Location> {
  const alias = await context.repository.urlAliasService.lookup(urlAlias);
  if (alias.type !== 'LOCATION') throw userError(`URL alias '${urlAlias}' does not lead to a location`, 'NOT_FOUND');
  return context.loaders.location(alias.destination);
}

/** The item's location: the one it was loaded through, else its main location; null for never-published items. */
export async function itemLocation(context: GraphQLContext, item: ItemValue): Promise<Location | null> {
  if (item.location) return item.location;
  return item.contentInfo.mainLocationId === null ? null : context.loaders.location(item.contentInfo.mainLocationId);
}

/** Languages to show values in, by priority: the explicit argument, the mutation's, the configured ones, the main one. */
export function valueLanguages(context: GraphQLContext, item: ItemValue, language: string | undefined): (string | null | undefined)[] {
  return [language, item.languageCode, ...context.services.prioritizedLanguages, item.contentInfo.mainLanguageCode];
}

/** The field of a definition in the first available language of {@link valueLanguages}. */
export function pickField(content: Content, identifier: string, languages: readonly (string | null | undefined)[]): Field | null {
  const fields = content.fields.filter((field) => field.fieldDefIdentifier === identifier);
  for (const language of languages) {
    const field = fields.find((candidate) => candidate.languageCode === language);
    if (field) return field;
  }
  return fields[0] ?? null;
}

/** `_name`: the version name in the prioritised language. */
export async function itemName(context: GraphQLContext, item: ItemValue, language: string | undefined): Promise<string | null> {
  const content = await context.loaders.content(item.contentInfo.id);
  return pickTranslation(content.versionInfo.names, valueLanguages(context, item, language)) ?? item.contentInfo.name;
}

/**
 * `_url`: the path of the location's current URL alias in the prioritised language, e.g. `/Media/Images/My-image` (the
 * home location is `/`). A location without an alias (never the case for locations made through the services) falls
 * back to the path of its ancestors' names below the site root.
 */
export async function locationUrl(context: GraphQLContext, location: Location): Promise<string> {
  try {
    return (await context.repository.urlAliasService.reverseLookup(location.id, context.services.prioritizedLanguages[0])).path;
  } catch (error) {
    if (!(isRepositoryError(error) && error.code === 'NotFound')) throw error;
  }
  return namePath(context, location);
}

/** The path of a location's ancestors' names below the site root (locations 1 and 2), read without permission checks. */
async function namePath(context: GraphQLContext, location: Location): Promise<string> {
  const ids = location.pathString.split('/').filter((part) => part !== '').map(Number).filter((id) => id !== 1);
  const segments: string[] = [];
  for (const [index, id] of ids.entries()) {
    if (index === 0 && id === 2) continue;
    const name = id === location.id ? location.contentInfo.name : await context.loaders.locationName(id);
    segments.push(urlAliasSegment(name));
  }
  return `/${segments.join('/')}`;
}

/**
 * `_thumbnail`: the first thumbnail among the fields of thumbnail definitions (`isThumbnail`) whose field type
 * mapper gives thumbnails (images), else null.
 */
export async function itemThumbnail(context: GraphQLContext, item: ItemValue, contentType: ContentType): Promise<ThumbnailSource | null> {
  const { fieldTypes } = context.repository;
  const givesThumbnails = (identifier: string): boolean => {
    const canonical = fieldTypes.canonicalIdentifier(identifier);
    return canonical !== undefined && context.fieldTypeMappers.get(canonical).thumbnail !== undefined;
  };
  const candidates = contentType.fieldDefinitions.filter((definition) => definition.isThumbnail && givesThumbnails(definition.fieldTypeIdentifier));
  if (candidates.length === 0) return null;
  const content = await context.loaders.content(item.contentInfo.id);
  for (const definition of candidates) {
    const field = pickField(content, definition.identifier, valueLanguages(context, item, undefined));
    const fieldType = field === null ? undefined : fieldTypes.find(field.fieldTypeIdentifier);
    if (field === null || fieldType === undefined) continue;
    const thumbnail = context.fieldTypeMappers.get(fieldType.identifier).thumbnail?.(fieldType.toHash(field.value)) ?? null;
    if (thumbnail !== null) return thumbnail;
  }
  return null;
}

/** The definition of `identifier` in a content type, or undefined. */
export const definitionOf = (contentType: ContentType, identifier: string): FieldDefinition | undefined =>
  contentType.fieldDefinitions.find((definition) => definition.identifier === identifier);
