import type {
  ContentCreateStruct,
  ContentMetadataUpdateStruct,
  ContentUpdateStruct,
  LocationCreateStruct,
} from '../structs/content-structs.js';
import type { LanguageFilter } from '../../domain/criteria/query.js';
import type { Content, ContentInfo, Relation, RelationList, VersionInfo } from '../values/content.js';

/** Options of {@link ContentService.loadContent}. */
export interface LoadContentOptions {
  /** Translations to load; all when absent. */
  readonly languages?: readonly string[];
  /** Version to load; the current (published, or only) version when absent. */
  readonly versionNo?: number;
}

/**
 * Content items and their versions (Ibexa `ContentService`). Every method checks the current user's
 * permissions (Ibexa policies and limitations) and runs writes in one transaction.
 *
 * Errors: NotFoundError for unknown ids; UnauthorizedError when a permission is missing; BadStateError for
 * illegal version transitions (see `domain/version/transitions.ts`); ContentValidationError for structurally
 * wrong structs; ContentFieldValidationError for field values that fail validation; InvalidArgumentError for
 * bad arguments (duplicate remoteId, unknown language, ...).
 */
export interface ContentService {
  loadContentInfo(contentId: number): Promise<ContentInfo>;
  loadContentInfoByRemoteId(remoteId: string): Promise<ContentInfo>;
  /** Several items at once; unknown or unreadable ids are left out. */
  loadContentInfoList(contentIds: readonly number[]): Promise<ReadonlyMap<number, ContentInfo>>;
  loadVersionInfo(contentId: number, versionNo?: number): Promise<VersionInfo>;
  loadContent(contentId: number, options?: LoadContentOptions): Promise<Content>;
  /** All versions, oldest first (`content/versionread` for non-published ones). */
  loadVersions(contentId: number): Promise<readonly VersionInfo[]>;
  /**
   * Drafts created by a user (the current one by default), by content id then version number (Ibexa
   * `loadContentDrafts`; REST `GET /user/users/{id}/drafts`): only those the current user may `content/versionread`.
   * @throws UnauthorizedError without any `content/versionread`.
   */
  loadContentDrafts(userId?: number): Promise<readonly VersionInfo[]>;
  /**
   * The current versions of several items (Ibexa `loadContentListByContentInfo`), each once, in the order given;
   * items not found or that the user may not read (`content/read`, plus `content/versionread` for a current
   * version that is not published) are left out, as Ibexa ignores them. Fields are those of the filter's languages
   * the version has, else its main language — all without languages (as search hits). Batched: one storage
   * call, plus one search with the user's read criterion when `content/read` is limited (as Ibexa filters searches).
   */
  loadContentListByContentInfo(contentInfos: readonly ContentInfo[], languageFilter?: LanguageFilter): Promise<readonly Content[]>;
  /** Relations of a version (Ibexa `loadRelations(VersionInfo)`), by id. `content/read` on the item. */
  loadRelations(versionInfo: VersionInfo): Promise<readonly Relation[]>;
  /**
   * {@link ContentService.loadRelations} of several versions in one storage call (the relations of a page of
   * search hits): the list of each version, by id, in the order given. Not an Ibexa method.
   * @throws UnauthorizedError when the user may not read one of the items (`content/read`; `content/versionread`
   *   for a version that is not published).
   */
  loadRelationsList(versionInfos: readonly VersionInfo[]): Promise<readonly (readonly Relation[])[]>;
  /**
   * Relations pointing to an item (Ibexa `loadReverseRelations`): only those from the current version of
   * published items, highest relation id first. Needs `content/reverserelatedlist` on the item; relations whose
   * source the user may not read (`content/read`) are left out (Ibexa 4.6 behaviour).
   * @throws UnauthorizedError without `content/reverserelatedlist`.
   */
  loadReverseRelations(contentInfo: ContentInfo): Promise<readonly Relation[]>;
  /**
   * A page of {@link ContentService.loadReverseRelations} (Ibexa `loadReverseRelationList`): `offset` relations
   * skipped, at most `limit` (null: all), `totalCount` counting every one. A relation whose source the user may
   * not read stays in the page as an `unauthorized` item naming the source. Without `content/reverserelatedlist`
   * the list is empty (totalCount 0), as in Ibexa.
   * @throws InvalidArgumentError for a negative offset or a limit below 1.
   */
  loadReverseRelationList(contentInfo: ContentInfo, offset?: number, limit?: number | null): Promise<RelationList>;
  /**
   * Number of relations pointing to an item from the current version of published items, whoever may read their
   * sources (Ibexa `countReverseRelations`); 0 without `content/reverserelatedlist`.
   */
  countReverseRelations(contentInfo: ContentInfo): Promise<number>;

  /**
   * Creates a content item with a draft version 1 (Ibexa `createContent`). The locations are created at the
   * first publication. Checks `content/create` with the parent locations as targets.
   */
  createContent(struct: ContentCreateStruct, locations: readonly LocationCreateStruct[]): Promise<Content>;
  /** Updates the fields of a draft; fields not given stay unchanged. `content/edit`. BadState if not a draft. */
  updateContent(contentId: number, versionNo: number, struct: ContentUpdateStruct): Promise<Content>;
  /**
   * Publishes a draft: it becomes PUBLISHED, the previously published version ARCHIVED; a first publication
   * creates the pending locations. `content/publish`. BadState if not a draft; ContentFieldValidationError when
   * required fields are empty.
   */
  publishVersion(contentId: number, versionNo: number): Promise<Content>;
  /**
   * Creates a new draft from a version (the current one by default). `content/read` (and `content/versionread`
   * for a draft or archived source version) and `content/edit`.
   */
  createContentDraft(contentId: number, fromVersionNo?: number): Promise<Content>;
  /** Deletes a draft or archived version. BadState for the published or the last version. `content/versionremove`. */
  deleteVersion(contentId: number, versionNo: number): Promise<void>;
  /** Deletes a content item with all its versions and locations (and their subtrees). `content/remove`. */
  deleteContent(contentId: number): Promise<void>;
  /** Updates metadata (owner, dates, main language, always-available, remoteId, main location, section). */
  updateContentMetadata(contentId: number, struct: ContentMetadataUpdateStruct): Promise<ContentInfo>;
  /**
   * Copies a content item (all versions, or only `versionNo`) to a new item placed under the given parent,
   * published when the source was. `content/read` on the source (`content/versionread` too when a draft or archived
   * version is copied), `content/read` on the parent and `content/create` there.
   */
  copyContent(contentId: number, destination: LocationCreateStruct, versionNo?: number): Promise<Content>;
  /**
   * Adds a COMMON relation from a draft to another item (Ibexa `addRelation`; REST
   * `POST /content/objects/{id}/versions/{no}/relations`). `content/edit` on the draft, `content/read` on the
   * destination.
   * @throws BadStateError when the version is not a draft; InvalidArgumentError when the draft already has a
   *   COMMON relation to the destination; NotFoundError for an unknown item, version or destination.
   */
  addRelation(contentId: number, versionNo: number, destinationContentId: number): Promise<Relation>;
  /**
   * Removes the COMMON relation of a draft to an item (Ibexa `deleteRelation`; REST
   * `DELETE /content/objects/{id}/versions/{no}/relations/{relationId}`). `content/edit`.
   * @throws BadStateError when the version is not a draft; InvalidArgumentError when there is no such relation.
   */
  deleteRelation(contentId: number, versionNo: number, destinationContentId: number): Promise<void>;
  /**
   * Deletes a translation from every version (Ibexa `deleteTranslation`; REST
   * `DELETE /content/objects/{id}/translations/{languageCode}`); versions holding only that translation are deleted.
   * `content/remove` on the translation.
   * @throws InvalidArgumentError when no version has the translation (REST 406); BadStateError
   *   `translation.main` for the main translation (REST 409).
   */
  deleteTranslation(contentId: number, languageCode: string): Promise<void>;
  /**
   * Deletes a translation from a draft (Ibexa `deleteTranslationFromDraft`; REST
   * `DELETE /content/objects/{id}/versions/{no}/translations/{languageCode}`). `content/edit`.
   * @throws BadStateError `version.notDraft`, `translation.main` (the content's main translation) or
   *   `translation.last` (the draft's only one); InvalidArgumentError when the draft lacks the translation.
   */
  deleteTranslationFromDraft(contentId: number, versionNo: number, languageCode: string): Promise<Content>;
  /**
   * Hides a content item (Ibexa `hideContent`; REST `POST /content/objects/{id}/hide`): all its locations and their
   * subtrees become invisible. `content/hide`.
   */
  hideContent(contentId: number): Promise<void>;
  /** Reveals a content item (Ibexa `revealContent`): locations not hidden otherwise become visible. `content/hide`. */
  revealContent(contentId: number): Promise<void>;
}
