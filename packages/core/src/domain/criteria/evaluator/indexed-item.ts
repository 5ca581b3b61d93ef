import type { ContentInfo, VersionInfo } from '../../../api/values/content.js';
import type { LocationRecord } from '../../../api/values/location.js';
import type { Section } from '../../../api/values/section.js';
import type { FieldIndexEntry } from '../../../spi/search-handler.js';
import type { UserAccount } from '../../../spi/user-handler.js';

/**
 * Everything the reference evaluator knows about one published content item. Search engines hold the same
 * facts in their own form (SQL tables); the evaluator's answers are the reference they must reproduce.
 */
export interface IndexedItem {
  readonly contentInfo: ContentInfo;
  /** The published version. */
  readonly versionInfo: VersionInfo;
  readonly locations: readonly LocationRecord[];
  readonly contentType: {
    readonly identifier: string;
    readonly name: string;
    readonly isContainer: boolean;
    readonly groupIds: readonly number[];
  };
  readonly section: Section;
  readonly states: readonly { readonly id: number; readonly identifier: string; readonly groupIdentifier: string }[];
  readonly account: UserAccount | null;
  /** Index entries of the published version (searchable fields only). */
  readonly fields: readonly FieldIndexEntry[];
  /** Content ids of the groups the owner belongs to (UserMetadata group). */
  readonly ownerGroupIds: readonly number[];
  /** Location ids bookmarked, per user id (IsBookmarked). */
  readonly bookmarkedBy: ReadonlyMap<number, ReadonlySet<number>>;
}
