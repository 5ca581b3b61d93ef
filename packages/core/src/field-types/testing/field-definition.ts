import type { FieldDefinition, Hash } from '../../api/values/content-type.js';
import type { FieldType } from '../field-type.js';
import { isHashMap, type HashMap } from '../shared/settings.js';

/** Overrides for `buildFieldDefinition`: settings replace defaults key by key, validators parameter by parameter. */
export interface FieldDefinitionOverrides {
  readonly identifier?: string;
  readonly isRequired?: boolean;
  readonly fieldSettings?: HashMap;
  readonly validatorConfiguration?: HashMap;
}

/**
 * Test-data builder: a field definition of `type` with its default settings and validator configuration,
 * merged with `overrides` (validator parameters are merged per validator).
 */
export function buildFieldDefinition(
  type: FieldType<unknown>,
  overrides: FieldDefinitionOverrides = {},
): FieldDefinition {
  const validatorConfiguration: Record<string, Hash> = { ...type.defaultValidatorConfiguration() };
  for (const [validator, parameters] of Object.entries(overrides.validatorConfiguration ?? {})) {
    const defaults = validatorConfiguration[validator];
    validatorConfiguration[validator] =
      isHashMap(defaults) && isHashMap(parameters) ? { ...defaults, ...parameters } : parameters;
  }
  return {
    id: 1,
    identifier: overrides.identifier ?? 'field',
    fieldTypeIdentifier: type.identifier,
    fieldGroup: '',
    position: 1,
    isTranslatable: true,
    isRequired: overrides.isRequired ?? false,
    isInfoCollector: false,
    isSearchable: true,
    isThumbnail: false,
    names: { 'eng-GB': 'Field' },
    descriptions: {},
    defaultValue: type.emptyValue(),
    fieldSettings: { ...type.defaultFieldSettings(), ...overrides.fieldSettings },
    validatorConfiguration,
  };
}
