import type { Hash } from '../api/values/content-type.js';
import type { ContentInfo, PendingLocation, Relation, RelationType, VersionInfo } from '../api/values/content.js';

/**
 * A field as persisted: `data` is the field type's storage form (`FieldType.toStorage`).
 * `id` is shared by all versions of the same definition and language.
 */
export interface StoredField {
  readonly id: number;
  readonly fieldDefinitionId: number;
  readonly fieldDefIdentifier: string;
  readonly fieldTypeIdentifier: string;
  readonly languageCode: string;
  readonly data: Hash;
}

/** A field to write. Without `id`, the handler assigns a new one (reused by later versions through copies). */
export interface NewField {
  readonly id?: number;
  readonly fieldDefinitionId: number;
  readonly fieldDefIdentifier: string;
  readonly fieldTypeIdentifier: string;
  readonly languageCode: string;
  readonly data: Hash;
}

/** A relation to write for a version. */
export interface NewRelation {
  readonly destinationContentId: number;
  readonly type: RelationType;
  readonly sourceFieldDefinitionIdentifier: string | null;
}

/** A content item in one version, as persisted. `fields` are ordered by field definition position, then language. */
export interface StoredContent {
  readonly contentInfo: ContentInfo;
  readonly versionInfo: VersionInfo;
  readonly fields: readonly StoredField[];
}

/** Everything `ContentHandler.create` writes: the item, its first (draft) version, fields and pending locations. */
export interface ContentCreateRecord {
  readonly contentTypeId: number;
  readonly sectionId: number;
  readonly ownerId: number;
  readonly alwaysAvailable: boolean;
  readonly remoteId: string;
  readonly mainLanguageCode: string;
  /** Name in the main language. */
  readonly name: string;
  readonly modificationDate: Date;
  readonly creatorId: number;
  readonly initialLanguageCode: string;
  readonly languageCodes: readonly string[];
  readonly names: Readonly<Record<string, string>>;
  readonly fields: readonly NewField[];
  readonly relations: readonly NewRelation[];
  readonly pendingLocations: readonly PendingLocation[];
}

/** Changes `ContentHandler.updateDraft` applies to a draft version. Fields are upserted by definition + language. */
export interface DraftUpdateRecord {
  readonly initialLanguageCode: string;
  readonly languageCodes: readonly string[];
  readonly names: Readonly<Record<string, string>>;
  readonly modificationDate: Date;
  readonly fields: readonly NewField[];
  /** Replaces the version's relations implied by field values (FIELD, ASSET, LINK, EMBED); COMMON relations stay. */
  readonly fieldRelations: readonly NewRelation[];
}

/** What `ContentHandler.updateDraft` wrote, for the caller to assemble the updated draft without reading it back. */
export interface WrittenDraft {
  /** The version's modification date as stored (a store may keep whole seconds only). */
  readonly modificationDate: Date;
  /** The fields written, with their ids (a field given without one got a new id). */
  readonly fields: readonly StoredField[];
}

/** Metadata columns of a content item; absent members stay unchanged. */
export interface ContentMetadataPatch {
  readonly ownerId?: number;
  readonly sectionId?: number;
  readonly publishedDate?: Date;
  readonly modificationDate?: Date;
  readonly mainLanguageCode?: string;
  readonly alwaysAvailable?: boolean;
  readonly remoteId?: string;
  readonly mainLocationId?: number | null;
  readonly name?: string;
  readonly isHidden?: boolean;
}

/** A field every version of every item of a type gets when a definition is added (same data in each language). */
export interface NewFieldTemplate {
  readonly fieldDefinitionId: number;
  readonly fieldDefIdentifier: string;
  readonly fieldTypeIdentifier: string;
  readonly data: Hash;
}

/**
 * How the content of a type follows a published type change (Ibexa `ContentUpdater`): fields of `added`
 * definitions are created in every version and each of its languages (one new field id per item and language,
 * shared by its versions); fields (and FIELD relations) of removed definitions are deleted; renamed definitions
 * get their new identifier on fields and FIELD relations.
 */
export interface FieldDefinitionChanges {
  readonly added: readonly NewFieldTemplate[];
  readonly removed: readonly { readonly fieldDefinitionId: number; readonly fieldDefIdentifier: string }[];
  readonly renamed: readonly { readonly fieldDefinitionId: number; readonly from: string; readonly to: string }[];
}

/**
 * Content items, versions, fields, names and relations (Ibexa `Content\Handler`). Methods do exactly what they
 * say, with no permission or state checks (core does those). Loads return null for unknown ids.
 *
 * Errors: `create`/`updateMetadata` throw InvalidArgumentError when `remoteId` is already used by another item
 * (storage unique violation converted at the edge). Remote ids are compared case-insensitively, by
 * `remoteIdKey` (ASCII letters folded), in lookups and in that uniqueness: `ABC` finds and collides with `abc`, and
 * keeps the case it was written with (Ibexa 4.6 on MySQL, `_ci` collation).
 */
export interface ContentHandler {
  create(record: ContentCreateRecord): Promise<StoredContent>;
  loadContentInfo(contentId: number): Promise<ContentInfo | null>;
  loadContentInfoByRemoteId(remoteId: string): Promise<ContentInfo | null>;
  /** Found items only, in no particular order. */
  loadContentInfoList(contentIds: readonly number[]): Promise<readonly ContentInfo[]>;
  loadVersionInfo(contentId: number, versionNo: number): Promise<VersionInfo | null>;
  /** All versions of an item, by version number. */
  loadVersionInfoList(contentId: number): Promise<readonly VersionInfo[]>;
  /** DRAFT versions created by `userId` (Ibexa `loadDraftsForUser`), by content id then version number. */
  loadDraftsForUser(userId: number): Promise<readonly VersionInfo[]>;
  /** A version with its fields, restricted to `languages` when given. */
  load(contentId: number, versionNo: number, languages?: readonly string[]): Promise<StoredContent | null>;
  /** Several items in their current versions (search hits); found ones only. */
  loadCurrentList(contentIds: readonly number[], languages?: readonly string[]): Promise<readonly StoredContent[]>;
  /**
   * Creates a new DRAFT version numbered max + 1 with the fields, names and relations of `sourceVersionNo`.
   */
  createDraft(
    contentId: number,
    sourceVersionNo: number,
    draft: { readonly creatorId: number; readonly date: Date; readonly initialLanguageCode: string },
  ): Promise<VersionInfo>;
  /**
   * Applies `update` to a draft: languages, names and modification date set, fields upserted by definition +
   * language (fields not given stay), field relations replaced.
   */
  updateDraft(contentId: number, versionNo: number, update: DraftUpdateRecord): Promise<WrittenDraft>;
  /**
   * Makes `versionNo` the PUBLISHED version: the previously published one becomes ARCHIVED, the item becomes
   * PUBLISHED with this current version, name and modification date, and gets `publishedDate` if it had none.
   */
  publish(
    contentId: number,
    versionNo: number,
    publication: { readonly name: string; readonly date: Date },
  ): Promise<ContentInfo>;
  deleteVersion(contentId: number, versionNo: number): Promise<void>;
  /** Deletes the item, its versions, fields, names, relations (both ways), pending locations and state links. */
  deleteContent(contentId: number): Promise<void>;
  updateMetadata(contentId: number, patch: ContentMetadataPatch): Promise<ContentInfo>;
  loadRelations(contentId: number, versionNo: number): Promise<readonly Relation[]>;
  /**
   * Relations of several versions at once (each relation names its source version), by id — what
   * {@link ContentHandler.loadRelations} returns for each version, in one batch whatever the number of versions
   * (the relations of a page of search hits). Unknown versions have none; duplicates count once.
   */
  loadRelationsList(versions: readonly { readonly contentId: number; readonly versionNo: number }[]): Promise<readonly Relation[]>;
  /**
   * Relations pointing to an item from the current version of published items (Ibexa
   * `loadReverseRelationList`): drafts, archived versions and unpublished or trashed sources do not count.
   * Highest relation id first, as Ibexa orders them; `offset` rows skipped, at most `limit` (null: all).
   */
  loadReverseRelationList(destinationContentId: number, offset: number, limit: number | null): Promise<readonly Relation[]>;
  /** Number of the relations {@link ContentHandler.loadReverseRelationList} pages (Ibexa `countReverseRelations`). */
  countReverseRelations(destinationContentId: number): Promise<number>;
  /**
   * Copies an item into a new one with new ids: every version (or only `versionNo`, which becomes version 1)
   * with its fields, names and relations; the copy gets `remoteId` and `date` as modification date, keeps the
   * owner, section, type, languages and statuses, has no locations (`mainLocationId` null) and the given
   * pending locations. Returns the copy's ContentInfo.
   */
  copy(
    contentId: number,
    copy: {
      readonly versionNo: number | null;
      readonly remoteId: string;
      readonly date: Date;
      readonly pendingLocations: readonly PendingLocation[];
    },
  ): Promise<ContentInfo>;
  loadPendingLocations(contentId: number): Promise<readonly PendingLocation[]>;
  /**
   * Applies a published content type change to every item of the type, set-based (no per-item statements).
   * The languages of a version are those it has names in.
   */
  applyFieldDefinitionChanges(contentTypeId: number, changes: FieldDefinitionChanges): Promise<void>;
  /** Ids of the PUBLISHED items of a type, ascending (to refresh their search index). */
  loadPublishedIdsOfType(contentTypeId: number): Promise<readonly number[]>;
  deletePendingLocations(contentId: number): Promise<void>;
  /** Adds a relation to a version (Ibexa `addRelation`); returns it with its new id. */
  addRelation(contentId: number, versionNo: number, relation: NewRelation): Promise<Relation>;
  /** Removes a relation by id (Ibexa `removeRelation`). */
  removeRelation(relationId: number): Promise<void>;
  /**
   * Removes a translation's fields and names from one version (`versionNo`) or from every version (null), and the
   * language from their languageCodes (Ibexa `deleteTranslationFromContent` / `deleteTranslationFromDraft`); a
   * version whose initial language it was gets its first remaining language. The caller deletes versions that
   * would be left without a translation beforehand.
   */
  deleteTranslation(contentId: number, languageCode: string, versionNo: number | null): Promise<void>;
}
