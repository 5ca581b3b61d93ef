import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, isRecord, rejectUnknownKeys } from '../shared/decode.js';
import {
  contentIdFrom,
  contentTypeListCheck,
  locationReferenceCheck,
  nullableBoolCheck,
  RELATION_SELECTION_METHODS,
} from '../shared/relation.js';
import { NO_SEARCH_DATA, toSortKeyString } from '../shared/search.js';
import {
  numberParameter,
  settingChecks,
  validateSettingsSchema,
  validateValidatorSchema,
  validatorParameters,
  type ParameterCheck,
} from '../shared/settings.js';

/** Value of a Content relations (multiple) field: related content ids in order, without duplicates. */
export interface RelationListValue {
  readonly destinationContentIds: readonly number[];
}

function idsFrom(input: unknown): number[] {
  const items: readonly unknown[] = Array.isArray(input) ? input : [input];
  const ids: number[] = [];
  for (const item of items) {
    const id = contentIdFrom(item, 'destinationContentIds');
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

const selectionLimitCheck: ParameterCheck = (value, name) => {
  if (value === null) return null;
  if (!Number.isSafeInteger(value)) return `Validator parameter '${name}' value must be an integer`;
  return typeof value === 'number' && value < 0
    ? `Validator parameter '${name}' value must be equal to/greater than 0`
    : null;
};

/**
 * Content relations (`ezobjectrelationlist` / `ibexa_object_relation_list`). REST hash out
 * `{destinationContentIds}` (`[]` when empty; REST adds `destinationContentHrefs`); input the same hash, a list of
 * ids or one id. Settings `selectionMethod` (SELECTION_* names), `selectionDefaultLocation`,
 * `rootDefaultLocation`, `selectionContentTypes`; validator `RelationListValueValidator: {selectionLimit}`
 * (0 = unlimited, target `limit`). Name: empty (the service resolves related names). Search: ids as elements,
 * joined with `,` as sort key (Legacy). Adds FIELD relations.
 */
export const relationListFieldType: FieldType<RelationListValue> = {
  identifier: 'ezobjectrelationlist',
  aliases: ['ibexa_object_relation_list'],
  searchable: true,
  searchFamily: 'collection',

  emptyValue: () => ({ destinationContentIds: [] }),
  isEmpty: (value) => value.destinationContentIds.length === 0,
  fromHash(input) {
    if (input === null || input === undefined) return { destinationContentIds: [] };
    if (!isRecord(input)) {
      if (Array.isArray(input) || typeof input === 'number' || typeof input === 'string') {
        return { destinationContentIds: idsFrom(input) };
      }
      throw invalidInput('a relation list hash {destinationContentIds}', input);
    }
    rejectUnknownKeys(input, ['destinationContentIds', 'destinationContentHrefs'], 'relation list');
    const ids = input['destinationContentIds'];
    return { destinationContentIds: ids === null || ids === undefined ? [] : idsFrom(ids) };
  },
  toHash: (value) => ({ destinationContentIds: [...value.destinationContentIds] }),
  validate(value, definition) {
    const limit = numberParameter(validatorParameters(definition, 'RelationListValueValidator'), 'selectionLimit');
    if (limit === null || limit <= 0 || value.destinationContentIds.length <= limit) return [];
    return [{ target: 'limit', message: `The selected content items number cannot be higher than ${limit}.` }];
  },
  toStorage: (value) => [...value.destinationContentIds],
  fromStorage(data) {
    if (Array.isArray(data) && data.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) {
      return { destinationContentIds: idsFrom(data) };
    }
    throw new FieldValueError('Invalid relation list storage data: expected a list of content ids');
  },
  getName: () => '',
  toSearchData: (value) =>
    value.destinationContentIds.length === 0
      ? { ...NO_SEARCH_DATA, elements: [] }
      : {
          sortKeyInt: null,
          sortKeyString: toSortKeyString(value.destinationContentIds.join(',')),
          fullText: '',
          elements: [...value.destinationContentIds],
        },
  relations: (value) => value.destinationContentIds.map((contentId) => ({ type: 'FIELD', contentId })),

  defaultFieldSettings: () => ({
    selectionMethod: 'SELECTION_BROWSE',
    selectionDefaultLocation: null,
    rootDefaultLocation: false,
    selectionContentTypes: [],
  }),
  defaultValidatorConfiguration: () => ({ RelationListValueValidator: { selectionLimit: 0 } }),
  validateFieldSettings: (settings) =>
    validateSettingsSchema(settings, {
      selectionMethod: settingChecks.choice(RELATION_SELECTION_METHODS),
      selectionDefaultLocation: locationReferenceCheck,
      rootDefaultLocation: nullableBoolCheck,
      selectionContentTypes: contentTypeListCheck,
    }),
  validateValidatorConfiguration: (configuration) =>
    validateValidatorSchema(configuration, { RelationListValueValidator: { selectionLimit: selectionLimitCheck } }),
};
