import type { SortField, SortOrder, TranslatedStrings } from './common.js';

/** Status of a content item: never published, published, or in the trash. REST `Content` `status`. */
export type ContentStatus = 'DRAFT' | 'PUBLISHED' | 'TRASHED';

/** Status of one version. The transitions are in `domain/version/transitions.ts`. REST `VersionInfo` `status`. */
export type VersionStatus = 'DRAFT' | 'PUBLISHED' | 'ARCHIVED';

/**
 * Metadata of a content item, independent of versions (Ibexa `ContentInfo`).
 * Dates are JS Dates (second precision in storage). `name` is the name of the current version in the main language.
 */
export interface ContentInfo {
  readonly id: number;
  readonly contentTypeId: number;
  readonly name: string;
  readonly sectionId: number;
  /** Published version number; for a never-published item, the version it was created with (1). */
  readonly currentVersionNo: number;
  readonly ownerId: number;
  readonly modificationDate: Date;
  /** Null until the first publication. */
  readonly publishedDate: Date | null;
  readonly alwaysAvailable: boolean;
  readonly remoteId: string;
  readonly mainLanguageCode: string;
  /** Null until the item has a location (i.e. before the first publication). */
  readonly mainLocationId: number | null;
  readonly status: ContentStatus;
  readonly isHidden: boolean;
}

/** Metadata of one version (Ibexa `VersionInfo`). `names` holds the computed name per translation. */
export interface VersionInfo {
  readonly id: number;
  readonly contentId: number;
  readonly versionNo: number;
  readonly status: VersionStatus;
  readonly creatorId: number;
  readonly creationDate: Date;
  readonly modificationDate: Date;
  readonly initialLanguageCode: string;
  /** Translations present in this version, in storage order. */
  readonly languageCodes: readonly string[];
  readonly names: TranslatedStrings;
}

/**
 * One field value in one language (Ibexa `Field`). `value` is the field type's own value type
 * (see `field-types/`); adapters turn it into a hash with the field type's `toHash`.
 * The `id` is stable across versions for the same definition and language.
 */
export interface Field {
  readonly id: number;
  readonly fieldDefinitionId: number;
  readonly fieldDefIdentifier: string;
  readonly languageCode: string;
  readonly fieldTypeIdentifier: string;
  readonly value: unknown;
}

/** A content item in one version with its fields (all translations, or the requested ones). */
export interface Content {
  readonly contentInfo: ContentInfo;
  readonly versionInfo: VersionInfo;
  readonly fields: readonly Field[];
}

/** Relation kinds, as a set (Ibexa stores a bit mask: COMMON 1, EMBED 2, LINK 4, FIELD 8, ASSET 16). */
export type RelationType = 'COMMON' | 'EMBED' | 'LINK' | 'FIELD' | 'ASSET';

/** Bit values of {@link RelationType} (Ibexa `Relation::*`). */
export const RELATION_TYPE_BITS: Readonly<Record<RelationType, number>> = {
  COMMON: 1,
  EMBED: 2,
  LINK: 4,
  FIELD: 8,
  ASSET: 16,
};

/**
 * A relation from a version of a content item to another content item. FIELD relations (relation fields) and
 * ASSET relations (image assets) carry the source field definition identifier; COMMON, LINK and EMBED relations
 * (set by users, or rich text links and embeds) none.
 */
export interface Relation {
  readonly id: number;
  readonly sourceContentId: number;
  readonly sourceVersionNo: number;
  readonly destinationContentId: number;
  readonly type: RelationType;
  readonly sourceFieldDefinitionIdentifier: string | null;
}

/**
 * One entry of a {@link RelationList}: the relation, or — where the user may not read the item at the other end
 * (`content/read`) — only that item's id (Ibexa `RelationListItem` / `UnauthorizedRelationListItem`).
 */
export type RelationListItem =
  | { readonly kind: 'relation'; readonly relation: Relation }
  | { readonly kind: 'unauthorized'; readonly contentId: number };

/** A page of relations with the number of all of them (Ibexa `RelationList`). */
export interface RelationList {
  readonly totalCount: number;
  readonly items: readonly RelationListItem[];
}

/**
 * A location create request stored with a never-published draft, turned into a real location at its
 * first publication (Ibexa's node assignment).
 */
export interface PendingLocation {
  readonly parentLocationId: number;
  readonly priority: number;
  readonly hidden: boolean;
  readonly remoteId: string;
  readonly sortField: SortField;
  readonly sortOrder: SortOrder;
}
