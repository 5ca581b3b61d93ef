import type { ContentInfo, VersionInfo } from '../../../api/values/content.js';
import type { Hash } from '../../../api/values/content-type.js';
import type { LocationRecord } from '../../../api/values/location.js';
import type { Section } from '../../../api/values/section.js';
import type { FieldTypeRegistry, ImageProperties } from '../../../field-types/field-type.js';
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
  /** Stored image properties of the published version's image fields (image criteria). */
  readonly images: readonly ImageFacts[];
  /** Content ids of the groups the owner belongs to (UserMetadata group). */
  readonly ownerGroupIds: readonly number[];
  /** Location ids bookmarked, per user id (IsBookmarked). */
  readonly bookmarkedBy: ReadonlyMap<number, ReadonlySet<number>>;
}

/**
 * What the image criteria read from a stored image field: the properties its field type reads from the storage
 * data (`FieldType.imageProperties`), with the field and language.
 */
export interface ImageFacts extends ImageProperties {
  readonly fieldDefIdentifier: string;
  readonly languageCode: string;
}

/**
 * The image facts of a stored field: null unless its field type has image properties (`imageProperties`) and the
 * stored data holds them (an empty image field has none).
 */
export function imageFactsOf(
  field: {
    readonly fieldDefIdentifier: string;
    readonly fieldTypeIdentifier: string;
    readonly languageCode: string;
    readonly data: Hash;
  },
  fieldTypes: FieldTypeRegistry,
): ImageFacts | null {
  const properties = fieldTypes.find(field.fieldTypeIdentifier)?.imageProperties?.(field.data) ?? null;
  return properties && { fieldDefIdentifier: field.fieldDefIdentifier, languageCode: field.languageCode, ...properties };
}
