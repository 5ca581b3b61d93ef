import type { PixelSize } from '../../spi/image-processor.js';

/**
 * Image variation (image alias) definitions and their geometry, as Ibexa 4.6 configures them
 * (`image_variations`: a `reference` variation or null for the original, and a list of filters).
 */

/** A geometry filter of Ibexa's (LiipImagine's) image filters: its name and numeric parameters. */
export interface ImageFilter {
  /** e.g. `geometry/scaledownonly`. */
  readonly name: string;
  readonly params: readonly number[];
}

/** One variation: derived from `reference` (another variation's name) or, when null, from the original image. */
export interface ImageVariationDefinition {
  readonly reference: string | null;
  readonly filters: readonly ImageFilter[];
}

/** Variation name → definition. */
export type ImageVariationDefinitions = { readonly [name: string]: ImageVariationDefinition };

const scaleDownOnly = (width: number, height: number): ImageVariationDefinition['filters'] => [
  { name: 'geometry/scaledownonly', params: [width, height] },
];

/**
 * Ibexa 4.6's built-in variations (`default_settings.yml`): `reference` scales down only to fit 600×600; `small`
 * (100×100), `tiny` (30×30), `medium` (200×200) and `large` (300×300) scale `reference` down only.
 */
export const DEFAULT_IMAGE_VARIATION_DEFINITIONS: ImageVariationDefinitions = {
  reference: { reference: null, filters: scaleDownOnly(600, 600) },
  small: { reference: 'reference', filters: scaleDownOnly(100, 100) },
  tiny: { reference: 'reference', filters: scaleDownOnly(30, 30) },
  medium: { reference: 'reference', filters: scaleDownOnly(200, 200) },
  large: { reference: 'reference', filters: scaleDownOnly(300, 300) },
};

/** Number of parameters of each supported filter (all sizes in pixels, `scalepercent` in percent). */
const FILTER_ARITY: { readonly [name: string]: number } = {
  'geometry/scaledownonly': 2,
  'geometry/scalewidthdownonly': 1,
  'geometry/scaleheightdownonly': 1,
  'geometry/scale': 2,
  'geometry/scalewidth': 1,
  'geometry/scaleheight': 1,
  'geometry/scaleexact': 2,
  'geometry/scalepercent': 2,
};

/** The filter names {@link applyImageFilter} supports. */
export const SUPPORTED_IMAGE_FILTERS: readonly string[] = Object.keys(FILTER_ARITY);

/** Imagine's `Box::scale`: each side multiplied and rounded half away from zero, at least 1 pixel. */
function scaled(size: PixelSize, ratio: number): PixelSize {
  return { width: Math.max(1, Math.round(size.width * ratio)), height: Math.max(1, Math.round(size.height * ratio)) };
}

/**
 * The size an image of `size` has after `filter`, with Imagine's rounding (`round()` of each scaled side):
 * `scaledownonly [w, h]` fits inside w×h, never enlarging; `scalewidthdownonly [w]` / `scaleheightdownonly [h]`
 * narrow / lower to at most w / h keeping the ratio; `scale [w, h]` fits inside w×h, enlarging too;
 * `scalewidth [w]` / `scaleheight [h]` set one side keeping the ratio; `scaleexact [w, h]` is w×h;
 * `scalepercent [pw, ph]` multiplies each side by a percentage. Source: Ibexa 4.6 filter loaders.
 * @throws Error for an unsupported filter (definitions are checked by {@link parseImageVariationDefinitions}).
 */
export function applyImageFilter(size: PixelSize, filter: ImageFilter): PixelSize {
  const [first = 0, second = 0] = filter.params;
  switch (filter.name) {
    case 'geometry/scaledownonly': {
      const ratio = Math.min(first / size.width, second / size.height);
      return ratio < 1 ? scaled(size, ratio) : size;
    }
    case 'geometry/scalewidthdownonly':
      return size.width > first ? scaled(size, first / size.width) : size;
    case 'geometry/scaleheightdownonly':
      return size.height > first ? scaled(size, first / size.height) : size;
    case 'geometry/scale':
      return scaled(size, Math.min(first / size.width, second / size.height));
    case 'geometry/scalewidth':
      return scaled(size, first / size.width);
    case 'geometry/scaleheight':
      return scaled(size, first / size.height);
    case 'geometry/scaleexact':
      return { width: first, height: second };
    case 'geometry/scalepercent':
      return { width: Math.max(1, Math.round((size.width * first) / 100)), height: Math.max(1, Math.round((size.height * second) / 100)) };
    default:
      throw new Error(`Unsupported image filter '${filter.name}'`);
  }
}

/** The size after every filter of a definition, in order. */
export function applyImageFilters(size: PixelSize, filters: readonly ImageFilter[]): PixelSize {
  return filters.reduce(applyImageFilter, size);
}

const NAME = /^[A-Za-z0-9_-]+$/;

function filtersFrom(name: string, raw: unknown): ImageFilter[] {
  // Ibexa accepts a list of {name, params} and the short form {"geometry/scaledownonly": [w, h]}.
  const entries: [unknown, unknown][] = Array.isArray(raw)
    ? raw.map((item: unknown) => (typeof item === 'object' && item !== null ? [Reflect.get(item, 'name'), Reflect.get(item, 'params')] : [item, undefined]))
    : typeof raw === 'object' && raw !== null
      ? Object.entries(raw)
      : [[raw, undefined]];
  return entries.map(([filterName, params]) => {
    if (typeof filterName !== 'string' || !(filterName in FILTER_ARITY)) {
      throw new Error(`image variation '${name}': unsupported filter ${JSON.stringify(filterName)} (supported: ${SUPPORTED_IMAGE_FILTERS.join(', ')})`);
    }
    const arity = FILTER_ARITY[filterName] ?? 0;
    const list: unknown = typeof params === 'number' ? [params] : params;
    if (!Array.isArray(list) || list.length !== arity || !list.every((value) => Number.isInteger(value) && (value as number) > 0 && (value as number) <= 20000)) {
      throw new Error(`image variation '${name}': filter '${filterName}' takes ${arity} whole number(s) of pixels (or percent) from 1 to 20000`);
    }
    return { name: filterName, params: list as number[] };
  });
}

/**
 * The definitions of configured variations merged over {@link DEFAULT_IMAGE_VARIATION_DEFINITIONS} (a configured name
 * replaces a built-in one). `config` is a JSON object `{ "<name>": { "reference": "<name>" | null, "filters":
 * [{ "name": "geometry/scaledownonly", "params": [w, h] }] } }` (filters may also be given as
 * `{ "geometry/scaledownonly": [w, h] }`, as Ibexa's `default_settings.yml` writes them). Names use letters, digits,
 * `_` and `-` (not `original`); references must name a defined variation, without cycles.
 * @throws Error naming what is wrong.
 */
export function parseImageVariationDefinitions(config: unknown): ImageVariationDefinitions {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new Error('image variations must be a JSON object of variation name → {reference, filters}');
  }
  const definitions: { [name: string]: ImageVariationDefinition } = { ...DEFAULT_IMAGE_VARIATION_DEFINITIONS };
  for (const [name, raw] of Object.entries(config)) {
    if (!NAME.test(name) || name === 'original') throw new Error(`image variation name '${name}' must use letters, digits, '_' or '-' and not be 'original'`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`image variation '${name}' must be an object {reference, filters}`);
    const reference: unknown = Reflect.get(raw, 'reference') ?? null;
    if (reference !== null && typeof reference !== 'string') throw new Error(`image variation '${name}': reference must be a variation name or null`);
    definitions[name] = { reference: reference === 'original' ? null : reference, filters: filtersFrom(name, Reflect.get(raw, 'filters') ?? []) };
  }
  for (const name of Object.keys(definitions)) {
    const seen = new Set<string>([name]);
    for (let current = definitions[name]?.reference ?? null; current !== null; current = definitions[current]?.reference ?? null) {
      if (!(current in definitions)) throw new Error(`image variation '${name}': unknown reference '${current}'`);
      if (seen.has(current)) throw new Error(`image variation '${name}': its references form a cycle`);
      seen.add(current);
    }
  }
  return definitions;
}
