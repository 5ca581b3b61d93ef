import type { Hash } from '@contentrepo/core';
import { describe, expect, it } from '@jest/globals';
import { testField } from '../testing/model-builders.js';
import { selectionLabels, selectionOptionList } from './ezselection-mapper.js';

const definition = (fieldSettings: { readonly [key: string]: Hash }) => testField('field', 'ezselection', { fieldSettings });

describe('selection settings', () => {
  it('gives selection labels in the field language, else the main language, else the options', () => {
    const multilingual = definition({
      options: { 0: 'Red', 1: 'Green' },
      multilingualOptions: { 'pol-PL': { 0: 'Czerwony', 1: 'Zielony' } },
    });
    expect(selectionLabels(multilingual, [1], 'pol-PL', 'eng-GB')).toEqual(['Zielony']);
    expect(selectionLabels(multilingual, [0, 1], 'ger-DE', 'eng-GB')).toEqual(['Red', 'Green']);
    expect(selectionLabels(definition({ options: ['A', 'B'] }), [1], 'eng-GB', 'eng-GB')).toEqual(['B']);
    expect(selectionOptionList(multilingual)).toEqual([
      { index: 0, label: 'Red' },
      { index: 1, label: 'Green' },
    ]);
  });
});
