import { isRepositoryError, type FieldDefinition } from '@contentrepo/core';
import { itemValue, type ItemValue } from '../../resolvers/resolver-values.js';
import { hashStrings } from '../../schema/hash.js';
import { contentTypeNames } from '../../schema/naming.js';
import type { FieldResolveContext, SchemaScope } from '../field-type-mapper.js';

/** Content type identifiers a relation may point to (`selectionContentTypes`). */
export const selectionContentTypes = (definition: FieldDefinition): string[] => hashStrings(definition.fieldSettings['selectionContentTypes']);

/**
 * The item type a relation points to: `<Ident>Item` when `selectionContentTypes` names exactly one type that has
 * an item type in the schema, else the `Item` interface (Ibexa's `RelationFieldDefinitionMapper`).
 */
export function relationTargetType(definition: FieldDefinition, scope: SchemaScope): string {
  const types = selectionContentTypes(definition);
  const only = types.length === 1 ? types[0] : undefined;
  return only !== undefined && scope.itemTypeExists(only) ? contentTypeNames(only).item : 'Item';
}

/** A related item, or null when it is gone or not readable (Ibexa filters relations by permission). */
export async function relatedItem(context: FieldResolveContext, contentId: number): Promise<ItemValue | null> {
  try {
    return itemValue(await context.loaders.contentInfo(contentId));
  } catch (error) {
    if (isRepositoryError(error) && (error.code === 'NotFound' || error.code === 'Unauthorized')) return null;
    throw error;
  }
}

/** Related items in field order, leaving out those that are gone or not readable. */
export async function relatedItems(context: FieldResolveContext, contentIds: readonly number[]): Promise<ItemValue[]> {
  if (contentIds.length === 0) return [];
  const infos = await context.repository.contentService.loadContentInfoList(contentIds);
  return contentIds.flatMap((id) => {
    const info = infos.get(id);
    return info ? [itemValue(info)] : [];
  });
}
