import type {
  ContentCreateStruct,
  ContentMetadataUpdateStruct,
  ContentUpdateStruct,
  LocationCreateStruct,
} from '../structs/content-structs.js';
import type { Content, ContentInfo, Relation, VersionInfo } from '../values/content.js';

/** Options of {@link ContentService.loadContent}. */
export interface LoadContentOptions {
  /** Translations to load; all when absent. */
  readonly languages?: readonly string[];
  /** Version to load; the current (published, or only) version when absent. */
  readonly versionNo?: number;
}

/**
 * Content items and their versions (Ibexa `ContentService`). Every method checks the current user's
 * permissions (search-auth-errors-data.md B.5) and runs writes in one transaction.
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
  /** Relations of a version (Ibexa `loadRelations(VersionInfo)`), by id. `content/read` on the item. */
  loadRelations(versionInfo: VersionInfo): Promise<readonly Relation[]>;

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
  /** Creates a new draft from a version (the current one by default). `content/edit`. */
  createContentDraft(contentId: number, fromVersionNo?: number): Promise<Content>;
  /** Deletes a draft or archived version. BadState for the published or the last version. `content/versionremove`. */
  deleteVersion(contentId: number, versionNo: number): Promise<void>;
  /** Deletes a content item with all its versions and locations (and their subtrees). `content/remove`. */
  deleteContent(contentId: number): Promise<void>;
  /** Updates metadata (owner, dates, main language, always-available, remoteId, main location, section). */
  updateContentMetadata(contentId: number, struct: ContentMetadataUpdateStruct): Promise<ContentInfo>;
  /**
   * Copies a content item (all versions, or only `versionNo`) to a new item placed under the given parent,
   * published when the source was. `content/create` at the destination.
   */
  copyContent(contentId: number, destination: LocationCreateStruct, versionNo?: number): Promise<Content>;
}
