import type { SortField, SortOrder, TranslatedStrings } from '../values/common.js';
import type { Hash } from '../values/content-type.js';

/** Input of `ContentTypeService.createContentTypeGroup` (Ibexa `ContentTypeGroupCreateStruct`). */
export interface ContentTypeGroupCreateStruct {
  readonly identifier: string;
  readonly creationDate?: Date;
  readonly creatorId?: number;
}

/** Input of `ContentTypeService.updateContentTypeGroup`; absent members stay unchanged. */
export interface ContentTypeGroupUpdateStruct {
  readonly identifier?: string;
  readonly modificationDate?: Date;
  readonly modifierId?: number;
}

/**
 * A field definition to add (Ibexa `FieldDefinitionCreateStruct`). `defaultValue` is anything the field type's
 * `fromHash` accepts; settings and validators default to the field type's.
 */
export interface FieldDefinitionCreateStruct {
  readonly identifier: string;
  readonly fieldTypeIdentifier: string;
  readonly names?: TranslatedStrings;
  readonly descriptions?: TranslatedStrings;
  readonly fieldGroup?: string;
  readonly position?: number;
  readonly isTranslatable?: boolean;
  readonly isRequired?: boolean;
  readonly isInfoCollector?: boolean;
  readonly isSearchable?: boolean;
  readonly isThumbnail?: boolean;
  readonly defaultValue?: unknown;
  readonly fieldSettings?: { readonly [key: string]: Hash };
  readonly validatorConfiguration?: { readonly [key: string]: Hash };
}

/** Changes to a field definition of a draft (Ibexa `FieldDefinitionUpdateStruct`); the type cannot change. */
export type FieldDefinitionUpdateStruct = Partial<Omit<FieldDefinitionCreateStruct, 'fieldTypeIdentifier'>>;

/** Input of `ContentTypeService.createContentType` (Ibexa `ContentTypeCreateStruct`); the result is a draft. */
export interface ContentTypeCreateStruct {
  readonly identifier: string;
  readonly mainLanguageCode: string;
  readonly names: TranslatedStrings;
  readonly descriptions?: TranslatedStrings;
  readonly remoteId?: string;
  readonly urlAliasSchema?: string;
  readonly nameSchema?: string;
  readonly isContainer?: boolean;
  readonly defaultAlwaysAvailable?: boolean;
  readonly defaultSortField?: SortField;
  readonly defaultSortOrder?: SortOrder;
  readonly creationDate?: Date;
  readonly creatorId?: number;
  readonly fieldDefinitions: readonly FieldDefinitionCreateStruct[];
}

/** Changes to a content type draft (Ibexa `ContentTypeUpdateStruct`); absent members stay unchanged. */
export interface ContentTypeUpdateStruct {
  readonly identifier?: string;
  readonly mainLanguageCode?: string;
  readonly names?: TranslatedStrings;
  readonly descriptions?: TranslatedStrings;
  readonly remoteId?: string;
  readonly urlAliasSchema?: string;
  readonly nameSchema?: string;
  readonly isContainer?: boolean;
  readonly defaultAlwaysAvailable?: boolean;
  readonly defaultSortField?: SortField;
  readonly defaultSortOrder?: SortOrder;
  readonly modificationDate?: Date;
  readonly modifierId?: number;
}
