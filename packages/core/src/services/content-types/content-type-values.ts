import type { ContentType } from '../../api/values/content-type.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { FieldTypeRegistry } from '../../field-types/field-type.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';
import type { RepositoryRuntime } from '../repository-runtime.js';

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
