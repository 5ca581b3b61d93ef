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

  // Writes (content type management). No permission or rule checks: core does those.

  /** Creates a group with a new id. */
  createGroup(group: Omit<ContentTypeGroup, 'id'>): Promise<ContentTypeGroup>;
  /** Replaces a group's columns. */
  updateGroup(group: ContentTypeGroup): Promise<ContentTypeGroup>;
  deleteGroup(groupId: number): Promise<void>;
  /** How many types (published or draft) are linked to a group. */
  countTypesInGroup(groupId: number): Promise<number>;
  /** Ids of the types (published or draft) whose `identifier` or `remoteId` equals the value. */
  findTypeIds(key: 'identifier' | 'remoteId', value: string): Promise<readonly number[]>;
  /** The DRAFT of a type, or null. */
  loadDraft(contentTypeId: number): Promise<StoredContentType | null>;
  /**
   * Creates a new type as a DRAFT with new ids for the type and each field definition (the record's `id`,
   * `status` and definition ids are ignored), linked to `groupIds`.
   */
  createDraft(type: NewStoredContentType): Promise<StoredContentType>;
  /** Copies the DEFINED type into a DRAFT with the same type and field definition ids and group links. */
  createDraftFromDefined(contentTypeId: number, change: { readonly modifierId: number; readonly modificationDate: Date }): Promise<StoredContentType>;
  /** Replaces the columns of a draft (not its field definitions or groups). */
  updateDraft(contentTypeId: number, patch: ContentTypeDraftPatch): Promise<StoredContentType>;
  /** Adds a field definition with a new id to a draft. */
  addFieldDefinition(contentTypeId: number, definition: Omit<StoredFieldDefinition, 'id'>): Promise<StoredFieldDefinition>;
  /** Replaces a field definition of a draft (matched by id). */
  updateFieldDefinition(contentTypeId: number, definition: StoredFieldDefinition): Promise<void>;
  removeFieldDefinition(contentTypeId: number, fieldDefinitionId: number): Promise<void>;
  /**
   * Makes the DRAFT the DEFINED type: the previous DEFINED type's columns and field definitions are replaced
   * by the draft's (ids kept); its group links stay (a type never published takes the draft's links). The
   * draft is gone afterwards.
   */
  publishDraft(contentTypeId: number): Promise<StoredContentType>;
  /** Deletes the DRAFT of a type (with its field definitions and links). */
  deleteDraft(contentTypeId: number): Promise<void>;
  /** Deletes a type in every status, with field definitions and group links. */
  deleteContentType(contentTypeId: number): Promise<void>;
  /** Links the DEFINED type to a group. */
  linkGroup(contentTypeId: number, groupId: number): Promise<void>;
  /** Unlinks the DEFINED type from a group. */
  unlinkGroup(contentTypeId: number, groupId: number): Promise<void>;
  /** How many content items (any status) are of the type. */
  countContent(contentTypeId: number): Promise<number>;
}

/** A type to create as a draft: everything but the ids, which the handler assigns. */
export interface NewStoredContentType extends Omit<StoredContentType, 'id' | 'status' | 'fieldDefinitions'> {
  readonly fieldDefinitions: readonly Omit<StoredFieldDefinition, 'id'>[];
}

/** Columns of a content type draft that `updateDraft` replaces. */
export type ContentTypeDraftPatch = Omit<StoredContentType, 'id' | 'status' | 'groupIds' | 'fieldDefinitions'>;
