import type { ContentTypeService } from '../../api/services/content-type-service.js';
import type { ContentType } from '../../api/values/content-type.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';
import type { ServiceContext } from '../service-context.js';
import {
  addFieldDefinition,
  createContentTypeDraft,
  deleteContentType,
  deleteContentTypeDraft,
  loadContentTypeDraft,
  removeFieldDefinition,
  updateContentTypeDraft,
  updateFieldDefinition,
} from './content-type-drafts.js';
import {
  assignContentTypeGroup,
  createContentTypeGroup,
  deleteContentTypeGroup,
  unassignContentTypeGroup,
  updateContentTypeGroup,
} from './content-type-groups.js';
import { contentTypeFromStorage, loadContentTypeValue } from './content-type-values.js';
import { copyContentType, createContentType } from './create-content-type.js';
import { findContentTypes } from './find-content-types.js';
import { publishContentTypeDraft } from './publish-content-type-draft.js';

export { contentTypeFromStorage, loadContentTypeValue } from './content-type-values.js';

/**
 * The ContentTypeService (Ibexa `ContentTypeService`): reads need no permission; writes check
 * `class/create|update|delete`, run in one transaction each and invalidate the
 * cached content types. One operation per module: groups (`content-type-groups.ts`), create and copy
 * (`create-content-type.ts`), drafts and deletes (`content-type-drafts.ts`), publish (`publish-content-type-draft.ts`),
 * search (`find-content-types.ts`).
 */
export function createContentTypeService(context: ServiceContext): ContentTypeService {
  const handler = context.persistence.contentTypeHandler;
  const convert = (stored: StoredContentType): ContentType => contentTypeFromStorage(context.fieldTypes, stored);
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
    loadContentType: (id) => loadContentTypeValue(context, id),
    loadContentTypeByIdentifier: async (identifier) =>
      convert(orNotFound(await handler.loadByIdentifier(identifier), () => NotFoundError.contentType(identifier))),
    loadContentTypeByRemoteId: async (remoteId) =>
      convert(orNotFound(await handler.loadByRemoteId(remoteId), () => NotFoundError.contentType(remoteId))),
    createContentTypeGroup: (struct) => createContentTypeGroup(context, struct),
    updateContentTypeGroup: (groupId, struct) => updateContentTypeGroup(context, groupId, struct),
    deleteContentTypeGroup: (groupId) => deleteContentTypeGroup(context, groupId),
    createContentType: (struct, groupIds) => createContentType(context, struct, groupIds),
    loadContentTypeDraft: (id) => loadContentTypeDraft(context, id),
    createContentTypeDraft: (id) => createContentTypeDraft(context, id),
    updateContentTypeDraft: (id, struct) => updateContentTypeDraft(context, id, struct),
    addFieldDefinition: (id, struct) => addFieldDefinition(context, id, struct),
    updateFieldDefinition: (id, fieldDefinitionId, struct) => updateFieldDefinition(context, id, fieldDefinitionId, struct),
    removeFieldDefinition: (id, fieldDefinitionId) => removeFieldDefinition(context, id, fieldDefinitionId),
    publishContentTypeDraft: (id) => publishContentTypeDraft(context, id),
    deleteContentTypeDraft: (id) => deleteContentTypeDraft(context, id),
    deleteContentType: (id) => deleteContentType(context, id),
    copyContentType: (id) => copyContentType(context, id),
    assignContentTypeGroup: (id, groupId) => assignContentTypeGroup(context, id, groupId),
    unassignContentTypeGroup: (id, groupId) => unassignContentTypeGroup(context, id, groupId),
    findContentTypes: (query) => findContentTypes(context, query),
  };
}
