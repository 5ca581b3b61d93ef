import type { ContentType, ContentTypeGroup } from '../api/values/content-type.js';

/**
 * Content types and groups (Ibexa `Content\Type\Handler`); the reads needed by the content lifecycle.
 * Field definitions' `defaultValue` is returned in storage form; core turns it into a value.
 */
export interface ContentTypeHandler {
  loadGroups(): Promise<readonly ContentTypeGroup[]>;
  loadGroup(groupId: number): Promise<ContentTypeGroup | null>;
  loadGroupByIdentifier(identifier: string): Promise<ContentTypeGroup | null>;
  /** Published types, ordered by id; restricted to a group when given. */
  loadContentTypes(groupId?: number): Promise<readonly ContentType[]>;
  load(contentTypeId: number): Promise<ContentType | null>;
  loadByIdentifier(identifier: string): Promise<ContentType | null>;
  loadByRemoteId(remoteId: string): Promise<ContentType | null>;
}
