import type {
  ContentTypeCreateStruct,
  ContentTypeGroupCreateStruct,
  ContentTypeGroupUpdateStruct,
  ContentTypeUpdateStruct,
  FieldDefinitionCreateStruct,
  FieldDefinitionUpdateStruct,
} from '../structs/content-type-structs.js';
import type { ContentTypeQuery, ContentTypeSearchResult } from '../structs/content-type-query.js';
import type { ContentType, ContentTypeGroup } from '../values/content-type.js';

/**
 * Content types and their groups (Ibexa `ContentTypeService`). Reads need no permission; writes need
 * `class/create|update|delete`. Published types are changed through drafts: `createContentTypeDraft`, edit,
 * `publishContentTypeDraft` (which updates existing content of the type in the same transaction: added fields get
 * their default value, removed fields disappear).
 *
 * Errors: NotFoundError; UnauthorizedError; InvalidArgumentError (duplicate identifier/remoteId, bad field
 * definition); BadStateError (`contentType.draftExists`, `contentType.hasContent`, `contentType.noFieldDefinitions`,
 * `group.notEmpty`); ContentTypeFieldDefinitionValidation as InvalidArgumentError with details.
 */
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

  createContentTypeGroup(struct: ContentTypeGroupCreateStruct): Promise<ContentTypeGroup>;
  updateContentTypeGroup(groupId: number, struct: ContentTypeGroupUpdateStruct): Promise<ContentTypeGroup>;
  /** @throws BadStateError `group.notEmpty` while types belong to it. */
  deleteContentTypeGroup(groupId: number): Promise<void>;
  /** Creates a content type as a DRAFT in the given groups (publish it with `publishContentTypeDraft`). */
  createContentType(struct: ContentTypeCreateStruct, groupIds: readonly number[]): Promise<ContentType>;
  /** The draft of a content type. @throws NotFoundError when there is none. */
  loadContentTypeDraft(contentTypeId: number): Promise<ContentType>;
  /** Creates a draft of a published type. @throws BadStateError `contentType.draftExists`. */
  createContentTypeDraft(contentTypeId: number): Promise<ContentType>;
  updateContentTypeDraft(contentTypeId: number, struct: ContentTypeUpdateStruct): Promise<ContentType>;
  addFieldDefinition(contentTypeId: number, struct: FieldDefinitionCreateStruct): Promise<ContentType>;
  updateFieldDefinition(contentTypeId: number, fieldDefinitionId: number, struct: FieldDefinitionUpdateStruct): Promise<ContentType>;
  removeFieldDefinition(contentTypeId: number, fieldDefinitionId: number): Promise<ContentType>;
  /**
   * Publishes a draft, replacing the published type; existing content follows in the same transaction.
   * @throws BadStateError `contentType.noFieldDefinitions` when the draft has none.
   */
  publishContentTypeDraft(contentTypeId: number): Promise<ContentType>;
  deleteContentTypeDraft(contentTypeId: number): Promise<void>;
  /** @throws BadStateError `contentType.hasContent` while content of the type exists. */
  deleteContentType(contentTypeId: number): Promise<void>;
  /** Copies a published type (new identifier `copy_of_<identifier>_<n>`, new remoteId). */
  copyContentType(contentTypeId: number): Promise<ContentType>;
  /** @throws InvalidArgumentError when already linked. */
  assignContentTypeGroup(contentTypeId: number, groupId: number): Promise<void>;
  /** @throws BadStateError when it is the type's last group; InvalidArgumentError when not linked. */
  unassignContentTypeGroup(contentTypeId: number, groupId: number): Promise<void>;
  /**
   * Searches published content types (Ibexa 4.6 `findContentTypes`, REST `POST /content/types/view`).
   * @throws InvalidArgumentError for a negative offset or limit.
   */
  findContentTypes(query?: ContentTypeQuery): Promise<ContentTypeSearchResult>;
}
