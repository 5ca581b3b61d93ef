import type { ContentInfo, VersionInfo } from '../../../api/values/content.js';
import type { Hash } from '../../../api/values/content-type.js';
import type { LocationRecord } from '../../../api/values/location.js';
import type { Section } from '../../../api/values/section.js';
import { isRecord } from '../../../field-types/shared/decode.js';
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
  /** Stored data of the published version's `ezimage` fields that hold an image (image criteria). */
  readonly images: readonly ImageFacts[];
  /** Content ids of the groups the owner belongs to (UserMetadata group). */
  readonly ownerGroupIds: readonly number[];
  /** Location ids bookmarked, per user id (IsBookmarked). */
  readonly bookmarkedBy: ReadonlyMap<number, ReadonlySet<number>>;
}

/**
 * What the image criteria read from a stored `ezimage` field (its storage data `mimeType`, `fileSize`, `width`,
 * `height`); null when the stored data lacks the property.
 */
export interface ImageFacts {
  readonly fieldDefIdentifier: string;
  readonly languageCode: string;
  readonly mimeType: string | null;
  /** Bytes. */
  readonly fileSize: number | null;
  readonly width: number | null;
  readonly height: number | null;
}

/** The image facts of stored field data (`null` for an empty image field or data of another shape). */
export function imageFactsOf(field: {
  readonly fieldDefIdentifier: string;
  readonly fieldTypeIdentifier: string;
  readonly languageCode: string;
  readonly data: Hash;
}): ImageFacts | null {
  const record = field.data;
  if (field.fieldTypeIdentifier !== 'ezimage' || !isRecord(record)) return null;
  const number = (key: string): number | null => {
    const value = record[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  const mimeType = record['mimeType'];
  return {
    fieldDefIdentifier: field.fieldDefIdentifier,
    languageCode: field.languageCode,
    mimeType: typeof mimeType === 'string' ? mimeType : null,
    fileSize: number('fileSize'),
    width: number('width'),
    height: number('height'),
  };
}
