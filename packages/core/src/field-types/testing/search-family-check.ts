import { assertNever } from '../../errors/repository-error.js';
import type { FieldSearchData, FieldSearchFamily } from '../field-type.js';

/** The shape of a float sort key (`floatSortKey`): 16 lower-case hex digits. */
const FLOAT_SORT_KEY = /^[0-9a-f]{16}$/;

/**
 * What is wrong with index data for the search family its type states — the family decides which key the Field
 * criterion compares (`FieldSearchFamily`), so data the family never reads, or lacks, means the type states the
 * wrong family: collections give `elements` (possibly empty), other families none; integers key by `sortKeyInt`
 * only; floats by `sortKeyString` as a `floatSortKey`; text families by `sortKeyString` only. Empty when the data
 * fits. Used by the field type contract on every sample value.
 */
export function searchFamilyProblems(family: FieldSearchFamily, data: FieldSearchData): string[] {
  const problems: string[] = [];
  if (family === 'collection' && !Array.isArray(data.elements)) problems.push('a collection type gives elements (possibly none)');
  if (family !== 'collection' && data.elements !== undefined) problems.push(`elements are only compared for collection types, not ${family}`);
  switch (family) {
    case 'integer':
      if (data.sortKeyString !== null) problems.push('an integer type keys its values by sortKeyInt only');
      break;
    case 'float':
      if (data.sortKeyInt !== null) problems.push('a float type keys its values by sortKeyString only');
      if (data.sortKeyString !== null && !FLOAT_SORT_KEY.test(data.sortKeyString)) problems.push('a float sort key is floatSortKey of the value');
      break;
    case 'simpleText':
    case 'text':
      if (data.sortKeyInt !== null) problems.push(`a ${family} type keys its values by sortKeyString only`);
      break;
    case 'collection':
      break;
    default:
      assertNever(family, 'field search family');
  }
  return problems;
}
