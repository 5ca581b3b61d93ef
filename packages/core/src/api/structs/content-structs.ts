import type { SortField, SortOrder } from '../values/common.js';

/**
 * A field value to set. `value` is whatever the field type accepts: its REST `fieldValue` hash,
 * a plain scalar for simple types, or its native value. `languageCode` defaults to the struct's
 * main/initial language.
 */
export interface FieldInput {
  readonly fieldDefIdentifier: string;
  readonly languageCode?: string;
  readonly value: unknown;
}

/**
 * Input of `ContentService.createContent` (Ibexa `ContentCreateStruct`). Optional members fall back to
 * the content type's defaults (section 1, `defaultAlwaysAvailable`, owner = current user, random remoteId).
 */
export interface ContentCreateStruct {
  readonly contentTypeId: number;
  readonly mainLanguageCode: string;
  readonly fields: readonly FieldInput[];
  readonly sectionId?: number;
  readonly ownerId?: number;
  readonly alwaysAvailable?: boolean;
  readonly remoteId?: string;
  readonly modificationDate?: Date;
}

/** Input of `ContentService.updateContent` on a draft (Ibexa `ContentUpdateStruct`): fields omitted stay unchanged. */
export interface ContentUpdateStruct {
  readonly initialLanguageCode?: string;
  readonly fields: readonly FieldInput[];
}

/**
 * Input of `ContentService.updateContentMetadata` (Ibexa `ContentMetadataUpdateStruct`, plus `sectionId`,
 * which REST's ContentUpdate applies as a section assignment).
 */
export interface ContentMetadataUpdateStruct {
  readonly ownerId?: number;
  readonly publishedDate?: Date;
  readonly modificationDate?: Date;
  readonly mainLanguageCode?: string;
  readonly alwaysAvailable?: boolean;
  readonly remoteId?: string;
  readonly mainLocationId?: number;
  readonly sectionId?: number;
}

/**
 * Where to place content (Ibexa `LocationCreateStruct`). For `createContent`, sortField and sortOrder are
 * overwritten by the content type's defaults (as Ibexa's `POST /content/objects` does).
 */
export interface LocationCreateStruct {
  readonly parentLocationId: number;
  readonly priority?: number;
  readonly hidden?: boolean;
  readonly remoteId?: string;
  readonly sortField?: SortField;
  readonly sortOrder?: SortOrder;
}

/** Input of `LocationService.updateLocation` (Ibexa `LocationUpdateStruct`); absent members stay unchanged. */
export interface LocationUpdateStruct {
  readonly priority?: number;
  readonly remoteId?: string;
  readonly sortField?: SortField;
  readonly sortOrder?: SortOrder;
}
