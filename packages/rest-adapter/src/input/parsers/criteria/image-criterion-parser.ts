import type { Criterion, ImageOrientation, NumericRange } from '@contentrepo/core';
import { BadRequestError } from '../../../http/rest-errors.js';
import { type DecodedInput, type DecodedObject, getOwn, isDecodedArray, isDecodedObject } from '../../decoded-input.js';
import type { CriterionParser } from './criterion-parser-support.js';

/**
 * Parsers of the image criteria Ibexa 5.x REST accepts in ViewInput: `ImageCriterion` (all at
 * once) and one per aspect. Any invalid input is 400 `Input data validation failed for <Name>` (Symfony
 * validator wording).
 */

const failed = (name: string): BadRequestError => new BadRequestError(`Input data validation failed for ${name}`);

const ORIENTATIONS: readonly ImageOrientation[] = ['landscape', 'portrait', 'square'];
const isOrientation = (value: string): value is ImageOrientation => ORIENTATIONS.some((orientation) => orientation === value);

function objectOf(data: DecodedInput, name: string): DecodedObject {
  if (!isDecodedObject(data)) throw failed(name);
  return data;
}

function fieldDefIdentifier(object: DecodedObject, name: string): string {
  const value = getOwn(object, 'fieldDefIdentifier');
  if (typeof value !== 'string' || value.trim() === '') throw failed(name);
  return value;
}

/** A string or a list of strings (XML: repeated elements). */
function strings(data: DecodedInput | undefined, name: string): string[] {
  const items = isDecodedArray(data) ? data : [data];
  return items.map((item) => {
    if (typeof item !== 'string' || item.trim() === '') throw failed(name);
    return item.trim();
  });
}

const number = (value: DecodedInput | undefined, name: string): number | undefined => {
  if (value === undefined || value === null) return undefined;
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(parsed) || parsed < 0) throw failed(name);
  return parsed;
};

/** `{min, max}`: min defaults to 0, max to none (as Ibexa's `ImageFileSizeCriterion`); null when the key is absent. */
function range(data: DecodedInput | undefined, name: string): NumericRange | null {
  if (data === undefined || data === null) return null;
  if (!isDecodedObject(data)) throw failed(name);
  const min = number(getOwn(data, 'min'), name) ?? 0;
  const max = number(getOwn(data, 'max'), name) ?? null;
  if (max !== null && max < min) throw failed(name);
  return { min, max };
}

const orientations = (data: DecodedInput | undefined, name: string): ImageOrientation[] =>
  strings(data, name).map((value) => {
    if (!isOrientation(value)) throw failed(name);
    return value;
  });

const mimeType: CriterionParser = (data, name) => {
  const object = objectOf(data, name);
  return { type: 'ImageMimeType', fieldDefIdentifier: fieldDefIdentifier(object, name), values: strings(getOwn(object, 'type'), name) };
};

const fileSize: CriterionParser = (data, name) => {
  const object = objectOf(data, name);
  const size = range(getOwn(object, 'size'), name) ?? { min: 0, max: null };
  return { type: 'ImageFileSize', fieldDefIdentifier: fieldDefIdentifier(object, name), min: size.min, max: size.max };
};

const dimensions: CriterionParser = (data, name) => {
  const object = objectOf(data, name);
  return {
    type: 'ImageDimensions',
    fieldDefIdentifier: fieldDefIdentifier(object, name),
    width: range(getOwn(object, 'width'), name),
    height: range(getOwn(object, 'height'), name),
  };
};

const orientation: CriterionParser = (data, name) => {
  const object = objectOf(data, name);
  return { type: 'ImageOrientation', fieldDefIdentifier: fieldDefIdentifier(object, name), values: orientations(getOwn(object, 'orientation'), name) };
};

/**
 * `ImageCriterion`: `{fieldDefIdentifier, mimeTypes?, size?, width?, height?, orientation?}` → the AND of the
 * aspects given (none given: any image with data).
 */
const image: CriterionParser = (data, name) => {
  const object = objectOf(data, name);
  const identifier = fieldDefIdentifier(object, name);
  const parts: Criterion[] = [];
  if (getOwn(object, 'mimeTypes') !== undefined) parts.push({ type: 'ImageMimeType', fieldDefIdentifier: identifier, values: strings(getOwn(object, 'mimeTypes'), name) });
  const size = range(getOwn(object, 'size'), name);
  if (size) parts.push({ type: 'ImageFileSize', fieldDefIdentifier: identifier, min: size.min, max: size.max });
  const width = range(getOwn(object, 'width'), name);
  const height = range(getOwn(object, 'height'), name);
  if (width || height) parts.push({ type: 'ImageDimensions', fieldDefIdentifier: identifier, width, height });
  if (getOwn(object, 'orientation') !== undefined) parts.push({ type: 'ImageOrientation', fieldDefIdentifier: identifier, values: orientations(getOwn(object, 'orientation'), name) });
  if (parts.length === 0) parts.push({ type: 'ImageDimensions', fieldDefIdentifier: identifier, width: null, height: null });
  const [only] = parts;
  return parts.length === 1 && only ? only : { type: 'LogicalAnd', criteria: parts };
};

/** Image criterion parsers. */
export const IMAGE_CRITERIA: Readonly<Record<string, CriterionParser>> = {
  ImageCriterion: image,
  ImageDimensionsCriterion: dimensions,
  ImageFileSizeCriterion: fileSize,
  ImageMimeTypeCriterion: mimeType,
  ImageOrientationCriterion: orientation,
};
