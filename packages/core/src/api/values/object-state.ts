import type { TranslatedStrings } from './common.js';

/** A group of mutually exclusive object states (Ibexa `ObjectStateGroup`, e.g. `ez_lock`). */
export interface ObjectStateGroup {
  readonly id: number;
  readonly identifier: string;
  readonly defaultLanguageCode: string;
  readonly languageCodes: readonly string[];
  readonly names: TranslatedStrings;
  readonly descriptions: TranslatedStrings;
}

/** One state of a group (Ibexa `ObjectState`); the lowest priority is the default. */
export interface ObjectState {
  readonly id: number;
  readonly groupId: number;
  readonly identifier: string;
  readonly priority: number;
  readonly defaultLanguageCode: string;
  readonly languageCodes: readonly string[];
  readonly names: TranslatedStrings;
  readonly descriptions: TranslatedStrings;
}
