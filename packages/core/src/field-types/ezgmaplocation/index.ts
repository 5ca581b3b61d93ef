import type { ValidationError } from '../../errors/repository-error.js';
import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, isRecord, optionalString, rejectUnknownKeys, toFiniteNumber } from '../shared/decode.js';
import { NO_SEARCH_DATA, toSortKeyString } from '../shared/search.js';
import { validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';

/** A point on the map: WGS 84 degrees and a free-text address. */
export interface MapLocation {
  readonly latitude: number;
  readonly longitude: number;
  readonly address: string;
}

/** Value of a Map location field, or null when empty. */
export type MapLocationValue = MapLocation | null;

function coordinate(record: { readonly [key: string]: unknown }, key: 'latitude' | 'longitude'): number {
  const value = toFiniteNumber(record[key]);
  if (value === undefined) throw invalidInput(`map location '${key}' to be a number`, record[key], key);
  return value;
}

/**
 * Map location (`ezgmaplocation` / `ibexa_gmap_location`). REST hash `{latitude, longitude, address}`
 * or null; coordinates may be numeric strings; both coordinates are required, `address` is optional. Validation
 * checks latitude ∈ [-90, 90] and longitude ∈ [-180, 180]. Name and search use the address.
 */
export const mapLocationFieldType: FieldType<MapLocationValue> = {
  identifier: 'ezgmaplocation',
  aliases: ['ibexa_gmap_location'],
  searchable: true,
  searchFamily: 'text',

  emptyValue: () => null,
  isEmpty: (value) => value === null,
  fromHash(input) {
    if (input === null || input === undefined) return null;
    if (!isRecord(input)) throw invalidInput('a map location hash {latitude, longitude, address}', input);
    rejectUnknownKeys(input, ['latitude', 'longitude', 'address'], 'map location');
    const address = optionalString(input, 'address', 'map location') ?? '';
    const hasLatitude = input['latitude'] !== undefined && input['latitude'] !== null;
    const hasLongitude = input['longitude'] !== undefined && input['longitude'] !== null;
    if (!hasLatitude && !hasLongitude && address === '') return null;
    if (!hasLatitude || !hasLongitude) {
      const missing = hasLatitude ? 'longitude' : 'latitude';
      throw new FieldValueError('A map location needs both latitude and longitude', missing);
    }
    return { latitude: coordinate(input, 'latitude'), longitude: coordinate(input, 'longitude'), address };
  },
  toHash: (value) =>
    value === null ? null : { latitude: value.latitude, longitude: value.longitude, address: value.address },
  validate(value) {
    const errors: ValidationError[] = [];
    if (value === null) return errors;
    if (value.latitude < -90 || value.latitude > 90) {
      errors.push({ target: 'latitude', message: 'Latitude must be between -90 and 90 degrees.' });
    }
    if (value.longitude < -180 || value.longitude > 180) {
      errors.push({ target: 'longitude', message: 'Longitude must be between -180 and 180 degrees.' });
    }
    return errors;
  },
  toStorage: (value) =>
    value === null ? null : { latitude: value.latitude, longitude: value.longitude, address: value.address },
  fromStorage(data) {
    if (data === null) return null;
    if (
      isRecord(data) &&
      typeof data['latitude'] === 'number' &&
      typeof data['longitude'] === 'number' &&
      typeof data['address'] === 'string'
    ) {
      return { latitude: data['latitude'], longitude: data['longitude'], address: data['address'] };
    }
    throw new FieldValueError('Invalid map location storage data: expected {latitude, longitude, address} or null');
  },
  getName: (value) => value?.address ?? '',
  toSearchData: (value) =>
    value === null
      ? NO_SEARCH_DATA
      : { sortKeyInt: null, sortKeyString: toSortKeyString(value.address), fullText: value.address },

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
