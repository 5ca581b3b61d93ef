import type { ContentType, ContentTypeGroup } from '../values/content-type.js';

/** Content types and their groups (Ibexa `ContentTypeService`); reads. Errors: NotFoundError. */
export interface ContentTypeService {
  loadContentTypeGroups(): Promise<readonly ContentTypeGroup[]>;
  loadContentTypeGroup(groupId: number): Promise<ContentTypeGroup>;
  loadContentTypeGroupByIdentifier(identifier: string): Promise<ContentTypeGroup>;
  /** Published types of a group, ordered by id. */
  loadContentTypes(groupId: number): Promise<readonly ContentType[]>;
  /** Every published type, ordered by id. */
  loadAllContentTypes(): Promise<readonly ContentType[]>;
  loadContentType(contentTypeId: number): Promise<ContentType>;
  loadContentTypeByIdentifier(identifier: string): Promise<ContentType>;
  loadContentTypeByRemoteId(remoteId: string): Promise<ContentType>;
}
