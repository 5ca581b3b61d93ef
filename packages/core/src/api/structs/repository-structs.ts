import type { TranslatedStrings } from '../values/common.js';

/** Input of `SectionService.createSection` (Ibexa `SectionCreateStruct`, REST `SectionInput`). */
export interface SectionCreateStruct {
  readonly identifier: string;
  readonly name: string;
}

/** Input of `SectionService.updateSection` (Ibexa `SectionUpdateStruct`); absent members stay unchanged. */
export interface SectionUpdateStruct {
  readonly identifier?: string;
  readonly name?: string;
}

/**
 * Input of `ObjectStateService.createObjectStateGroup` (Ibexa `ObjectStateGroupCreateStruct`, REST
 * `ObjectStateGroupCreate`).
 */
export interface ObjectStateGroupCreateStruct {
  readonly identifier: string;
  readonly defaultLanguageCode: string;
  /** At least the default language. */
  readonly names: TranslatedStrings;
  readonly descriptions?: TranslatedStrings;
}

/** Input of `ObjectStateService.updateObjectStateGroup`; absent members stay unchanged. */
export interface ObjectStateGroupUpdateStruct {
  readonly identifier?: string;
  readonly defaultLanguageCode?: string;
  readonly names?: TranslatedStrings;
  readonly descriptions?: TranslatedStrings;
}

/**
 * Input of `ObjectStateService.createObjectState` (Ibexa `ObjectStateCreateStruct`, REST `ObjectStateCreate`). Without
 * `priority` the state goes last.
 */
export interface ObjectStateCreateStruct {
  readonly identifier: string;
  readonly priority?: number;
  readonly defaultLanguageCode: string;
  readonly names: TranslatedStrings;
  readonly descriptions?: TranslatedStrings;
}

/** Input of `ObjectStateService.updateObjectState`; absent members stay unchanged. */
export interface ObjectStateUpdateStruct {
  readonly identifier?: string;
  readonly defaultLanguageCode?: string;
  readonly names?: TranslatedStrings;
  readonly descriptions?: TranslatedStrings;
}
