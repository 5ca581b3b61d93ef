import { isRepositoryError, type ContentInfo, type FieldDefinition } from '@contentrepo/core';
import { isMultipleSelection, selectionLabels } from '../schema/field-mapping.js';
import { hashIntegers, hashList, hashNumber, hashRecord, hashString, hashStrings } from '../schema/hash.js';
import type { GraphQLContext } from './context.js';
import { pickField, valueLanguages } from './items.js';
import { itemValue, type ImageSource, type ItemValue } from './values.js';

/**
 * The value of an item field (graphql.md §1.10 "value resolution"), read from the field type's REST hash so that
 * no native value is cast: text types give their string, dates a `DateTime`, images an `ImageFieldValue` source,
 * selections their labels, relations the related items the user may read. A missing or empty field is null.
 * `asList` tells relation lists mapped as lists from single-limit ones.
 */
export async function resolveFieldValue(
  context: GraphQLContext,
  item: ItemValue,
  definition: FieldDefinition,
  language: string | undefined,
  asList: boolean,
): Promise<unknown> {
  const content = await context.loaders.content(item.contentInfo.id);
  const field = pickField(content, definition.identifier, valueLanguages(context, item, language));
  if (field === null) return null;
  const fieldType = context.repository.fieldTypes.find(field.fieldTypeIdentifier);
  if (!fieldType) return null;
  const hash = fieldType.toHash(field.value);
  const record = hashRecord(hash);
  switch (fieldType.identifier) {
    case 'ezstring':
    case 'eztext':
    case 'ezemail':
    case 'ezisbn':
      return typeof hash === 'string' ? hash : null;
    case 'ezinteger':
    case 'ezfloat':
      return typeof hash === 'number' ? hash : null;
    case 'ezboolean':
      return typeof hash === 'boolean' ? hash : null;
    case 'ezrichtext': {
      const xml = hashString(record, 'xml');
      return xml === null ? null : { xml };
    }
    case 'ezdate':
    case 'ezdatetime': {
      const seconds = hashNumber(record, 'timestamp');
      return seconds === null ? null : new Date(seconds * 1000);
    }
    case 'ezkeyword':
      return hashStrings(hash);
    case 'ezurl':
      return record === null || !hashString(record, 'link') ? null : record;
    case 'ezgmaplocation':
      return record;
    case 'ezauthor':
      return hashList(hash).flatMap((entry) => {
        const author = hashRecord(entry);
        return author === null ? [] : [author];
      });
    case 'ezselection': {
      const labels = selectionLabels(definition, hashIntegers(hash), field.languageCode, content.contentInfo.mainLanguageCode);
      return isMultipleSelection(definition) ? labels : (labels[0] ?? null);
    }
    case 'ezobjectrelation': {
      const id = hashNumber(record, 'destinationContentId');
      return id === null ? null : relatedItem(context, id);
    }
    case 'ezobjectrelationlist': {
      const items = await relatedItems(context, hashIntegers(record?.['destinationContentIds']));
      return asList ? items : (items[0] ?? null);
    }
    case 'ezimage':
      return record === null || hashString(record, 'uri') === null ? null : imageSource(record, content.contentInfo, field.id, content.versionInfo.versionNo);
    case 'ezbinaryfile':
      return record === null || hashString(record, 'uri') === null ? null : record;
    case 'ezuser':
      return hashString(record, 'login');
    default: {
      const name = fieldType.getName(field.value, definition, field.languageCode);
      return name === '' ? null : name;
    }
  }
}

function imageSource(hash: ImageSource['hash'], contentInfo: ContentInfo, fieldId: number, versionNo: number): ImageSource {
  return { hash, contentId: contentInfo.id, fieldId, versionNo, modificationDate: contentInfo.modificationDate };
}

/** A related item, or null when it is gone or not readable (Ibexa filters relations by permission). */
async function relatedItem(context: GraphQLContext, contentId: number): Promise<ItemValue | null> {
  try {
    return itemValue(await context.loaders.contentInfo(contentId));
  } catch (error) {
    if (isRepositoryError(error) && (error.code === 'NotFound' || error.code === 'Unauthorized')) return null;
    throw error;
  }
}

/** Related items in field order, leaving out those that are gone or not readable. */
async function relatedItems(context: GraphQLContext, contentIds: readonly number[]): Promise<ItemValue[]> {
  if (contentIds.length === 0) return [];
  const infos = await context.repository.contentService.loadContentInfoList(contentIds);
  return contentIds.flatMap((id) => {
    const info = infos.get(id);
    return info ? [itemValue(info)] : [];
  });
}
