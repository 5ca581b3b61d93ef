import type { SortField, SortOrder, TranslatedStrings } from './common.js';

/**
 * Status of a content type: published (`DEFINED`), a draft, or a published type being modified. REST `ContentType`
 * `status`.
 */
export type ContentTypeStatus = 'DEFINED' | 'DRAFT' | 'MODIFIED';

/** Field type hash: JSON-like data (the REST `fieldSettings` / `validatorConfiguration` shape). */
export type Hash = null | boolean | number | string | readonly Hash[] | { readonly [key: string]: Hash };

/**
 * One field of a content type (Ibexa `FieldDefinition`). `defaultValue` is the field type's value type;
 * `fieldSettings` and `validatorConfiguration` are the hashes REST exchanges for them (`FieldDefinitionCreate`).
 */
export interface FieldDefinition {
  readonly id: number;
  readonly identifier: string;
  readonly fieldTypeIdentifier: string;
  readonly fieldGroup: string;
  readonly position: number;
  readonly isTranslatable: boolean;
  readonly isRequired: boolean;
  readonly isInfoCollector: boolean;
  readonly isSearchable: boolean;
  readonly isThumbnail: boolean;
  readonly names: TranslatedStrings;
  readonly descriptions: TranslatedStrings;
  readonly defaultValue: unknown;
  readonly fieldSettings: { readonly [key: string]: Hash };
  readonly validatorConfiguration: { readonly [key: string]: Hash };
}

/** A content type with its field definitions, ordered by position (Ibexa `ContentType`). */
export interface ContentType {
  readonly id: number;
  readonly status: ContentTypeStatus;
  readonly identifier: string;
  readonly remoteId: string;
  readonly names: TranslatedStrings;
  readonly descriptions: TranslatedStrings;
  readonly creationDate: Date;
  readonly modificationDate: Date;
  readonly creatorId: number;
  readonly modifierId: number;
  readonly urlAliasSchema: string;
  /** Name pattern such as `<short_name|name>` (see `domain/rules/name-schema.ts`). */
  readonly nameSchema: string;
  readonly isContainer: boolean;
  readonly mainLanguageCode: string;
  readonly defaultAlwaysAvailable: boolean;
  readonly defaultSortField: SortField;
  readonly defaultSortOrder: SortOrder;
  readonly groupIds: readonly number[];
  readonly fieldDefinitions: readonly FieldDefinition[];
}

/** A group of content types (Ibexa `ContentTypeGroup`). */
export interface ContentTypeGroup {
  readonly id: number;
  readonly identifier: string;
  readonly creationDate: Date;
  readonly modificationDate: Date;
  readonly creatorId: number;
  readonly modifierId: number;
  readonly isSystem: boolean;
}
