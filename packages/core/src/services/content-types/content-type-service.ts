import type { ContentTypeService } from '../../api/services/content-type-service.js';
import type { ContentType } from '../../api/values/content-type.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';
import { NotFoundError, NotImplementedError } from '../../errors/repository-error.js';
import type { FieldTypeRegistry } from '../../field-types/field-type.js';
import type { RepositoryRuntime } from '../context.js';

/**
 * Converts a content type as persisted (default values in storage form) into the API value (default values
 * as field type values; field type identifiers canonical).
 */
export function contentTypeFromStorage(fieldTypes: FieldTypeRegistry, stored: StoredContentType): ContentType {
  return {
    ...stored,
    fieldDefinitions: stored.fieldDefinitions.map((definition) => {
      const type = fieldTypes.get(definition.fieldTypeIdentifier);
      return {
        ...definition,
        fieldTypeIdentifier: type.identifier,
        defaultValue: type.fromStorage(definition.defaultValue),
      };
    }),
  };
}

/**
 * Loads a published content type as an API value.
 * @throws NotFoundError
 */
export async function loadContentTypeValue(runtime: RepositoryRuntime, contentTypeId: number): Promise<ContentType> {
  const type = await runtime.referenceCache.contentTypes.get(contentTypeId, async () => {
    const stored = await runtime.persistence.contentTypeHandler.load(contentTypeId);
    return stored ? contentTypeFromStorage(runtime.fieldTypes, stored) : null;
  });
  if (!type) throw NotFoundError.contentType(contentTypeId);
  return type;
}

const notYet = async (): Promise<never> => {
  throw new NotImplementedError('Content type management is not implemented yet');
};

/** Reads of content types and groups; anybody may read them (Ibexa checks no permission here). */
export function createContentTypeService(runtime: RepositoryRuntime): ContentTypeService {
  const handler = runtime.persistence.contentTypeHandler;
  const convert = (stored: StoredContentType): ContentType => contentTypeFromStorage(runtime.fieldTypes, stored);
  const orNotFound = <T>(value: T | null, error: () => NotFoundError): T => {
    if (value === null) throw error();
    return value;
  };
  return {
    loadContentTypeGroups: () => handler.loadGroups(),
    loadContentTypeGroup: async (id) => orNotFound(await handler.loadGroup(id), () => NotFoundError.contentTypeGroup(id)),
    loadContentTypeGroupByIdentifier: async (identifier) =>
      orNotFound(await handler.loadGroupByIdentifier(identifier), () => NotFoundError.contentTypeGroup(identifier)),
    loadContentTypes: async (groupId) => {
      orNotFound(await handler.loadGroup(groupId), () => NotFoundError.contentTypeGroup(groupId));
      return (await handler.loadContentTypes(groupId)).map(convert);
    },
    loadAllContentTypes: async () => (await handler.loadContentTypes()).map(convert),
    loadContentType: (id) => loadContentTypeValue(runtime, id),
    loadContentTypeByIdentifier: async (identifier) =>
      convert(orNotFound(await handler.loadByIdentifier(identifier), () => NotFoundError.contentType(identifier))),
    loadContentTypeByRemoteId: async (remoteId) =>
      convert(orNotFound(await handler.loadByRemoteId(remoteId), () => NotFoundError.contentType(remoteId))),
    createContentTypeGroup: notYet,
    updateContentTypeGroup: notYet,
    deleteContentTypeGroup: notYet,
    createContentType: notYet,
    loadContentTypeDraft: notYet,
    createContentTypeDraft: notYet,
    updateContentTypeDraft: notYet,
    addFieldDefinition: notYet,
    updateFieldDefinition: notYet,
    removeFieldDefinition: notYet,
    publishContentTypeDraft: notYet,
    deleteContentTypeDraft: notYet,
    deleteContentType: notYet,
    copyContentType: notYet,
    assignContentTypeGroup: notYet,
    unassignContentTypeGroup: notYet,
  };
}
