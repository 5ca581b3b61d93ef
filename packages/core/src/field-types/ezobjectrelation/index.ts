import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, isRecord, rejectUnknownKeys } from '../shared/decode.js';
import {
  contentIdFrom,
  contentTypeListCheck,
  locationReferenceCheck,
  nullableBoolCheck,
  RELATION_SELECTION_METHODS,
} from '../shared/relation.js';
import { intSearchData, NO_SEARCH_DATA } from '../shared/search.js';
import { settingChecks, validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';

/** Value of a Content relation (single) field: the related content id, or null when empty. */
export interface RelationValue {
  readonly destinationContentId: number | null;
}

/**
 * Content relation (`ezobjectrelation` / `ibexa_object_relation`). REST hash out
 * `{destinationContentId}` (null when empty; REST adds `destinationContentHref`); input
 * `{destinationContentId}` (an incoming `destinationContentHref` is ignored) or a bare id. Settings
 * `selectionMethod` (`SELECTION_BROWSE` | `SELECTION_DROPDOWN`), `selectionRoot`, `rootDefaultLocation`,
 * `selectionContentTypes`. Whether the target exists and has an allowed type is the content service's check.
 * Name: empty (the service resolves related names). Search: the id as integer key. Adds a FIELD relation.
 */
export const relationFieldType: FieldType<RelationValue> = {
  identifier: 'ezobjectrelation',
  aliases: ['ibexa_object_relation'],
  searchable: true,
  searchFamily: 'integer',

  emptyValue: () => ({ destinationContentId: null }),
  isEmpty: (value) => value.destinationContentId === null,
  fromHash(input) {
    if (input === null || input === undefined) return { destinationContentId: null };
    if (typeof input === 'number' || typeof input === 'string') {
      return { destinationContentId: contentIdFrom(input, 'destinationContentId') };
    }
    if (!isRecord(input)) throw invalidInput('a relation hash {destinationContentId}', input);
    rejectUnknownKeys(input, ['destinationContentId', 'destinationContentHref'], 'relation');
    const id = input['destinationContentId'];
    return {
      destinationContentId: id === null || id === undefined ? null : contentIdFrom(id, 'destinationContentId'),
    };
  },
  toHash: (value) => ({ destinationContentId: value.destinationContentId }),
  validate: () => [],
  toStorage: (value) => value.destinationContentId,
  fromStorage(data) {
    if (data === null) return { destinationContentId: null };
    if (typeof data === 'number' && Number.isSafeInteger(data) && data > 0) return { destinationContentId: data };
    throw new FieldValueError('Invalid relation storage data: expected a content id or null');
  },
  getName: () => '',
  toSearchData: (value) =>
    value.destinationContentId === null ? NO_SEARCH_DATA : intSearchData(value.destinationContentId),
  relations: (value) => (value.destinationContentId === null ? [] : [{ type: 'FIELD', contentId: value.destinationContentId }]),

  defaultFieldSettings: () => ({
    selectionMethod: 'SELECTION_BROWSE',
    selectionRoot: null,
    rootDefaultLocation: false,
    selectionContentTypes: [],
  }),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) =>
    validateSettingsSchema(settings, {
      selectionMethod: settingChecks.choice(RELATION_SELECTION_METHODS.slice(0, 2)),
      selectionRoot: locationReferenceCheck,
      rootDefaultLocation: nullableBoolCheck,
      selectionContentTypes: contentTypeListCheck,
    }),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
