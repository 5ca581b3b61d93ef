import { describe, expect, it } from '@jest/globals';
import { describeFieldTypeContract } from '../testing/field-type-contract.js';
import { imageAssetFieldType, type ImageAssetValue } from './index.js';

const asset: ImageAssetValue = { destinationContentId: 60, alternativeText: 'A red apple', source: null };

describeFieldTypeContract(imageAssetFieldType, {
  inputs: [
    { input: { destinationContentId: 60, alternativeText: 'A red apple' }, expected: asset },
    {
      input: { destinationContentId: '60', alternativeText: 'A red apple', variations: { small: { href: '/x' } } },
      expected: asset,
    },
    { input: 60, expected: { ...asset, alternativeText: null } },
    { input: { destinationContentId: 60, alternativeText: null, source: 'dam' }, expected: { ...asset, alternativeText: null, source: 'dam' } },
    { input: { destinationContentId: null, alternativeText: null }, expected: { destinationContentId: null, alternativeText: null, source: null } },
  ],
  storedValues: [asset, { ...asset, source: 'dam', alternativeText: null }],
  invalidInputs: [
    { input: { destinationContentId: 0 }, target: 'destinationContentId' },
    { input: { destinationContentId: 'abc' }, target: 'destinationContentId' },
    { input: { destinationContentId: 60, alternativeText: 5 }, target: 'alternativeText' },
    { input: { destinationContentId: 60, caption: 'x' }, target: 'caption' },
    { input: [60] },
  ],
  invalidStorage: [{ alternativeText: 'x' }, '60', { destinationContentId: -1 }],
  validValues: [{ name: 'an asset', value: asset }],
  validationFailures: [],
  invalidFieldSettings: [{ settings: { selectionRoot: 2 }, messages: ["Setting 'selectionRoot' is unknown"] }],
});

describe('ezimageasset specifics', () => {
  it("outputs Ibexa's hash, with the source only when there is one", () => {
    expect(imageAssetFieldType.toHash(asset)).toEqual({ destinationContentId: 60, alternativeText: 'A red apple' });
    expect(imageAssetFieldType.toHash({ ...asset, source: 'dam' })).toEqual({ destinationContentId: 60, alternativeText: 'A red apple', source: 'dam' });
    expect(imageAssetFieldType.toHash(imageAssetFieldType.emptyValue())).toEqual({ destinationContentId: null, alternativeText: null });
  });

  it('relates to its destination by an ASSET relation and indexes its id', () => {
    expect(imageAssetFieldType.relations?.(asset)).toEqual([{ type: 'ASSET', contentId: 60, contentTypeIdentifier: 'image' }]);
    expect(imageAssetFieldType.relations?.(imageAssetFieldType.emptyValue())).toEqual([]);
    expect(imageAssetFieldType.toSearchData(asset).sortKeyInt).toBe(60);
  });
});
