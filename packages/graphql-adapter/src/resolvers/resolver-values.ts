import type { ContentInfo, Hash, Location } from '@contentrepo/core';

/**
 * What generated item types (`FolderItem`, `FolderContent`) and the `Item`/`DomainContent` interfaces resolve
 * from: a content item, the location it was reached through, and the language a mutation wrote.
 */
export interface ItemValue {
  readonly kind: 'item';
  readonly contentInfo: ContentInfo;
  /** The location of a location-based lookup (Ibexa's guessed `_location`), else null: the main location. */
  readonly location: Location | null;
  /** Language the item was written in by a mutation; preferred for field values. */
  readonly languageCode: string | null;
}

/** An {@link ItemValue}. */
export function itemValue(contentInfo: ContentInfo, location: Location | null = null, languageCode: string | null = null): ItemValue {
  return { kind: 'item', contentInfo, location, languageCode };
}

/** Whether a resolved value is an {@link ItemValue} (for interface type resolution). */
export function isItemValue(value: unknown): value is ItemValue {
  return typeof value === 'object' && value !== null && Reflect.get(value, 'kind') === 'item';
}

/** An image field value as `ImageFieldValue` resolves it: the core hash plus where it belongs. */
export interface ImageSource {
  readonly hash: { readonly [key: string]: Hash };
  readonly contentId: number;
  readonly fieldId: number;
  readonly versionNo: number;
  readonly modificationDate: Date;
}

/** One edge of a Relay connection. */
export interface Edge<T> {
  readonly node: T;
  readonly cursor: string;
}

/** A Relay connection page. */
export interface Connection<T> {
  readonly edges: readonly Edge<T>[];
  readonly pageInfo: {
    readonly hasNextPage: boolean;
    readonly hasPreviousPage: boolean;
    readonly startCursor: string | null;
    readonly endCursor: string | null;
  };
  readonly totalCount: number;
  readonly sliceSize: number;
  readonly orderBy: string | null;
  readonly pages: readonly { readonly number: number; readonly cursor: string | null }[];
}
