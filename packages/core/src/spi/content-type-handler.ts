import type { ContentType, ContentTypeGroup, FieldDefinition, Hash } from '../api/values/content-type.js';

/** A field definition as persisted: `defaultValue` in the field type's storage form. */
export interface StoredFieldDefinition extends Omit<FieldDefinition, 'defaultValue'> {
  readonly defaultValue: Hash;
}

/** A content type as persisted (field definitions with storage-form default values). */
export interface StoredContentType extends Omit<ContentType, 'fieldDefinitions'> {
  readonly fieldDefinitions: readonly StoredFieldDefinition[];
}

/**
 * Content types and groups (Ibexa `Content\Type\Handler`); the reads needed by the content lifecycle.
 * Field definitions' `defaultValue` is in storage form; core turns it into a value.
 */
export interface ContentTypeHandler {
  loadGroups(): Promise<readonly ContentTypeGroup[]>;
  loadGroup(groupId: number): Promise<ContentTypeGroup | null>;
  loadGroupByIdentifier(identifier: string): Promise<ContentTypeGroup | null>;
  /** Published types, ordered by id; restricted to a group when given. */
  loadContentTypes(groupId?: number): Promise<readonly StoredContentType[]>;
  load(contentTypeId: number): Promise<StoredContentType | null>;
  loadByIdentifier(identifier: string): Promise<StoredContentType | null>;
  loadByRemoteId(remoteId: string): Promise<StoredContentType | null>;
}
