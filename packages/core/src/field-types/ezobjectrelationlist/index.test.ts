import { describe, expect, it } from '@jest/globals';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { relationListFieldType } from './index.js';

describeFieldTypeContract(relationListFieldType, {
  inputs: [
    { input: { destinationContentIds: [57, 58] }, expected: { destinationContentIds: [57, 58] } },
    {
      input: { destinationContentIds: ['58', 57, 58], destinationContentHrefs: ['/api/ibexa/v2/content/objects/58'] },
      expected: { destinationContentIds: [58, 57] },
    },
    { input: [57], expected: { destinationContentIds: [57] } },
    { input: { destinationContentIds: [] }, expected: { destinationContentIds: [] } },
  ],
  storedValues: [{ destinationContentIds: [57, 58] }, { destinationContentIds: [3] }],
  invalidInputs: [
    { input: { destinationContentIds: [0] }, target: 'destinationContentIds' },
    { input: { destinationContentIds: [{ id: 1 }] }, target: 'destinationContentIds' },
    { input: { ids: [1] }, target: 'ids' },
    { input: true },
  ],
  invalidStorage: [null, [0], ['1']],
  validValues: [
    { name: 'any number without a limit', value: { destinationContentIds: [1, 2, 3, 4] } },
    { name: 'ids within the limit', value: { destinationContentIds: [1, 2] }, validatorConfiguration: { RelationListValueValidator: { selectionLimit: 2 } } },
  ],
  validationFailures: [
    {
      name: 'more ids than selectionLimit',
      value: { destinationContentIds: [1, 2, 3] },
      validatorConfiguration: { RelationListValueValidator: { selectionLimit: 2 } },
      errors: [{ target: 'limit', message: 'The selected content items number cannot be higher than 2.' }],
    },
  ],
  invalidFieldSettings: [
    {
      settings: { selectionMethod: 'SELECTION_RANDOM' },
      messages: [
        "Setting 'selectionMethod' is of unknown type; expected one of: SELECTION_BROWSE, SELECTION_DROPDOWN, " +
          'SELECTION_LIST_WITH_RADIO_BUTTONS, SELECTION_LIST_WITH_CHECKBOXES, SELECTION_MULTIPLE_SELECTION_LIST, ' +
          'SELECTION_TEMPLATE_BASED_MULTIPLE, SELECTION_TEMPLATE_BASED_SINGLE',
      ],
    },
    { settings: { selectionDefaultLocation: [] }, messages: ["Setting 'selectionDefaultLocation' value must be of either null, string or integer"] },
  ],
  invalidValidatorConfigurations: [
    { configuration: { RelationListValueValidator: { selectionLimit: -1 } }, messages: ["Validator parameter 'selectionLimit' value must be equal to/greater than 0"] },
    { configuration: { RelationListValueValidator: { selectionLimit: 'two' } }, messages: ["Validator parameter 'selectionLimit' value must be an integer"] },
    { configuration: { RelationListValueValidator: { limit: 2 } }, messages: ["Validator parameter 'limit' is unknown"] },
  ],
});

describe('ezobjectrelationlist specifics', () => {
  it('outputs the ids, [] when empty, and relates to each', () => {
    expect(relationListFieldType.toHash({ destinationContentIds: [] })).toEqual({ destinationContentIds: [] });
    expect(relationListFieldType.relations?.({ destinationContentIds: [57, 58] })).toEqual([
      { type: 'FIELD', contentId: 57 },
      { type: 'FIELD', contentId: 58 },
    ]);
  });

  it('indexes ids as elements with the Legacy comma-joined sort key', () => {
    expect(relationListFieldType.toSearchData({ destinationContentIds: [57, 58] })).toEqual({
      sortKeyInt: null,
      sortKeyString: '57,58',
      fullText: '',
      elements: [57, 58],
    });
  });

  it('accepts every Ibexa selection method', () => {
    expect(relationListFieldType.validateFieldSettings({ selectionMethod: 'SELECTION_TEMPLATE_BASED_SINGLE' })).toEqual([]);
  });
});
