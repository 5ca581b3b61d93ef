import { describe, expect, it } from '@jest/globals';
import { buildFieldDefinition } from '../testing/field-definition.js';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { relationFieldType } from './index.js';

describeFieldTypeContract(relationFieldType, {
  inputs: [
    { input: { destinationContentId: 59 }, expected: { destinationContentId: 59 } },
    { input: { destinationContentId: '59', destinationContentHref: '/api/ibexa/v2/content/objects/59' }, expected: { destinationContentId: 59 } },
    { input: 59, expected: { destinationContentId: 59 } },
    { input: { destinationContentId: null }, expected: { destinationContentId: null } },
  ],
  storedValues: [{ destinationContentId: 59 }],
  invalidInputs: [
    { input: { destinationContentId: 0 }, target: 'destinationContentId' },
    { input: { destinationContentId: 'abc' }, target: 'destinationContentId' },
    { input: { contentId: 59 }, target: 'contentId' },
    { input: [59] },
  ],
  invalidStorage: ['59', -1],
  validValues: [{ name: 'a relation', value: { destinationContentId: 1 } }],
  validationFailures: [],
  invalidFieldSettings: [
    {
      settings: { selectionMethod: 'SELECTION_LIST_WITH_CHECKBOXES' },
      messages: ["Setting 'selectionMethod' is of unknown type; expected one of: SELECTION_BROWSE, SELECTION_DROPDOWN"],
    },
    { settings: { selectionRoot: true }, messages: ["Setting 'selectionRoot' value must be of either null, string or integer"] },
    { settings: { rootDefaultLocation: 'yes' }, messages: ["Setting 'rootDefaultLocation' value must be of either null or bool"] },
    { settings: { selectionContentTypes: 'article' }, messages: ["Setting 'selectionContentTypes' value must be of array type"] },
  ],
});

describe('ezobjectrelation specifics', () => {
  it('outputs the id, null when empty, and relates to it', () => {
    expect(relationFieldType.toHash({ destinationContentId: null })).toEqual({ destinationContentId: null });
    expect(relationFieldType.relations?.({ destinationContentId: 59 })).toEqual([{ type: 'FIELD', contentId: 59 }]);
    expect(relationFieldType.relations?.({ destinationContentId: null })).toEqual([]);
  });

  it('indexes the id as an integer and leaves the name to the service', () => {
    expect(relationFieldType.toSearchData({ destinationContentId: 59 }).sortKeyInt).toBe(59);
    expect(relationFieldType.getName({ destinationContentId: 59 }, buildFieldDefinition(relationFieldType), 'eng-GB')).toBe('');
  });

  it('accepts the REST selection method names and Ibexa integers', () => {
    expect(relationFieldType.validateFieldSettings({ selectionMethod: 'SELECTION_DROPDOWN', selectionRoot: '2', selectionContentTypes: ['image'] })).toEqual([]);
    expect(relationFieldType.validateFieldSettings({ selectionMethod: 1, selectionRoot: 2 })).toEqual([]);
  });
});
