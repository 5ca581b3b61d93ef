import { describe, expect, it } from '@jest/globals';
import { applyImageFilter, applyImageFilters, DEFAULT_IMAGE_VARIATION_DEFINITIONS, parseImageVariationDefinitions } from './image-variation-definitions.js';

const size = (width: number, height: number) => ({ width, height });

describe('image variation geometry (Ibexa 4.6 filters, Imagine rounding)', () => {
  it('gives the default variations of an 800×600 image: reference 600×450, then each derived from it', () => {
    const reference = applyImageFilters(size(800, 600), DEFAULT_IMAGE_VARIATION_DEFINITIONS['reference']?.filters ?? []);
    expect(reference).toEqual(size(600, 450));
    const derived = Object.fromEntries(
      ['large', 'medium', 'small', 'tiny'].map((name) => [name, applyImageFilters(reference, DEFAULT_IMAGE_VARIATION_DEFINITIONS[name]?.filters ?? [])]),
    );
    expect(derived).toEqual({ large: size(300, 225), medium: size(200, 150), small: size(100, 75), tiny: size(30, 23) });
  });

  it('scales down only: a smaller image keeps its size', () => {
    expect(applyImageFilter(size(20, 10), { name: 'geometry/scaledownonly', params: [30, 30] })).toEqual(size(20, 10));
    expect(applyImageFilter(size(20, 10), { name: 'geometry/scalewidthdownonly', params: [30] })).toEqual(size(20, 10));
    expect(applyImageFilter(size(20, 100), { name: 'geometry/scaleheightdownonly', params: [50] })).toEqual(size(10, 50));
  });

  it('scales up and to exact sizes with the other filters', () => {
    expect(applyImageFilter(size(20, 10), { name: 'geometry/scale', params: [100, 100] })).toEqual(size(100, 50));
    expect(applyImageFilter(size(20, 10), { name: 'geometry/scalewidth', params: [30] })).toEqual(size(30, 15));
    expect(applyImageFilter(size(20, 10), { name: 'geometry/scaleheight', params: [5] })).toEqual(size(10, 5));
    expect(applyImageFilter(size(20, 10), { name: 'geometry/scaleexact', params: [7, 9] })).toEqual(size(7, 9));
    expect(applyImageFilter(size(20, 10), { name: 'geometry/scalepercent', params: [50, 25] })).toEqual(size(10, 3));
  });

  it('never gives a side of 0 pixels', () => {
    expect(applyImageFilter(size(1000, 1), { name: 'geometry/scaledownonly', params: [10, 10] })).toEqual(size(10, 1));
  });
});

describe('parseImageVariationDefinitions', () => {
  it('merges configured variations over the defaults, in both filter forms', () => {
    const definitions = parseImageVariationDefinitions({
      thumb: { reference: 'reference', filters: { 'geometry/scaledownonly': [50, 50] } },
      small: { reference: null, filters: [{ name: 'geometry/scalewidth', params: [120] }] },
    });
    expect(Object.keys(definitions).sort()).toEqual(['large', 'medium', 'reference', 'small', 'thumb', 'tiny']);
    expect(definitions['thumb']).toEqual({ reference: 'reference', filters: [{ name: 'geometry/scaledownonly', params: [50, 50] }] });
    expect(definitions['small']).toEqual({ reference: null, filters: [{ name: 'geometry/scalewidth', params: [120] }] });
  });

  it.each([
    ['not an object', [], 'must be a JSON object'],
    ['a bad name', { 'a b': { filters: [] } }, "image variation name 'a b'"],
    ['original', { original: { filters: [] } }, "not be 'original'"],
    ['an unsupported filter', { x: { filters: [{ name: 'geometry/crop', params: [1, 1, 0, 0] }] } }, 'unsupported filter "geometry/crop"'],
    ['wrong parameters', { x: { filters: [{ name: 'geometry/scaledownonly', params: [10] }] } }, "filter 'geometry/scaledownonly' takes 2"],
    ['an unknown reference', { x: { reference: 'y', filters: [] } }, "unknown reference 'y'"],
    ['a cycle', { x: { reference: 'y', filters: [] }, y: { reference: 'x', filters: [] } }, 'cycle'],
  ])('refuses %s', (_name, config, message) => {
    expect(() => parseImageVariationDefinitions(config)).toThrow(message);
  });
});
