import type { FieldDefinition, Hash } from '../../api/values/content-type.js';
import type { ValidationError } from '../../errors/repository-error.js';

/**
 * Helpers for field settings and validator configurations (their REST hashes). Messages follow Ibexa's field types
 * (`Setting '%setting%' is unknown`, `Validator '%validator%' is unknown`, ...); targets are Ibexa's property
 * paths such as `[isMultiple]` or `[StringLengthValidator][maxStringLength]`.
 */

/** A settings or validator-parameter hash. */
export type HashMap = { readonly [key: string]: Hash };

/** Checks one setting value; returns an error message or null. `all` is the whole settings hash. */
export type SettingCheck = (value: Hash, name: string, all: HashMap) => string | null;

/** Whether a hash is a map (JSON object), as opposed to a list or scalar. */
export function isHashMap(value: Hash | undefined): value is HashMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Validates settings against a schema of checks: unknown keys are errors, known keys run their check.
 * @returns one ValidationError per problem, target `[name]`.
 */
export function validateSettingsSchema(
  settings: HashMap,
  schema: { readonly [name: string]: SettingCheck },
): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const [name, value] of Object.entries(settings)) {
    const check = Object.hasOwn(schema, name) ? schema[name] : undefined;
    if (check === undefined) {
      errors.push({ target: `[${name}]`, message: `Setting '${name}' is unknown` });
      continue;
    }
    const message = check(value, name, settings);
    if (message !== null) errors.push({ target: `[${name}]`, message });
  }
  return errors;
}

/** Ready-made setting checks with Ibexa's wording. */
export const settingChecks = {
  bool: ((value, name) =>
    typeof value === 'boolean' ? null : `Setting '${name}' value must be of boolean type`) satisfies SettingCheck,
  integer: ((value, name) =>
    Number.isSafeInteger(value) ? null : `Setting '${name}' value must be of integer type`) satisfies SettingCheck,
  nullableInteger: ((value, name) =>
    value === null || Number.isSafeInteger(value)
      ? null
      : `Setting '${name}' value must be of integer type`) satisfies SettingCheck,
  string: ((value, name) =>
    typeof value === 'string' ? null : `Setting '${name}' value must be of string type`) satisfies SettingCheck,
  stringList: ((value, name) =>
    Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? null
      : `Setting '${name}' value must be of array type`) satisfies SettingCheck,
  /** One of the given enum names (REST form) or, for BC, their integer constants (list index). */
  choice:
    (names: readonly string[]): SettingCheck =>
    (value, name) =>
      (typeof value === 'string' && names.includes(value)) ||
      (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < names.length)
        ? null
        : `Setting '${name}' is of unknown type; expected one of: ${names.join(', ')}`,
};

/** Checks one validator parameter; returns an error message or null. */
export type ParameterCheck = (value: Hash, name: string) => string | null;

/**
 * Validates a validator configuration: unknown validators and parameters are errors, parameters run their
 * check. Parameters may be omitted (defaults apply).
 */
export function validateValidatorSchema(
  configuration: HashMap,
  schema: { readonly [validator: string]: { readonly [parameter: string]: ParameterCheck } },
): ValidationError[] {
  const errors: ValidationError[] = [];
  for (const [validator, parameters] of Object.entries(configuration)) {
    const parameterSchema = Object.hasOwn(schema, validator) ? schema[validator] : undefined;
    if (parameterSchema === undefined) {
      errors.push({ target: `[${validator}]`, message: `Validator '${validator}' is unknown` });
      continue;
    }
    // An empty PHP array arrives as a JSON list: accept `[]` as "no parameters".
    if (Array.isArray(parameters) && parameters.length === 0) continue;
    if (!isHashMap(parameters)) {
      errors.push({ target: `[${validator}]`, message: `Validator '${validator}' expects a hash of parameters` });
      continue;
    }
    for (const [name, value] of Object.entries(parameters)) {
      const check = Object.hasOwn(parameterSchema, name) ? parameterSchema[name] : undefined;
      if (check === undefined) {
        errors.push({ target: `[${validator}][${name}]`, message: `Validator parameter '${name}' is unknown` });
        continue;
      }
      const message = check(value, name);
      if (message !== null) errors.push({ target: `[${validator}][${name}]`, message });
    }
  }
  return errors;
}

/** Ready-made parameter checks with Ibexa's wording. `false` is accepted where Ibexa treats it as "unset". */
export const parameterChecks = {
  nullableInteger: ((value, name) =>
    value === null || value === false || Number.isSafeInteger(value)
      ? null
      : `Validator parameter '${name}' value must be of integer type`) satisfies ParameterCheck,
  nullableNumber: ((value, name) =>
    value === null || (typeof value === 'number' && Number.isFinite(value))
      ? null
      : `Validator parameter '${name}' value must be of numeric type`) satisfies ParameterCheck,
  bool: ((value, name) =>
    typeof value === 'boolean'
      ? null
      : `Validator parameter '${name}' value must be of boolean type`) satisfies ParameterCheck,
  /** Ibexa stores these password flags as int 0/1 or bool. */
  flag: ((value, name) =>
    value === null || typeof value === 'boolean' || value === 0 || value === 1
      ? null
      : `Validator parameter '${name}' value must be of boolean type`) satisfies ParameterCheck,
};

/** A setting of the definition, or undefined when it is not set. */
export function settingOf(definition: FieldDefinition, name: string): Hash | undefined {
  return Object.hasOwn(definition.fieldSettings, name) ? definition.fieldSettings[name] : undefined;
}

/** A validator's parameters from the definition, or null when the validator is not configured. */
export function validatorParameters(definition: FieldDefinition, validator: string): HashMap | null {
  const parameters = Object.hasOwn(definition.validatorConfiguration, validator)
    ? definition.validatorConfiguration[validator]
    : undefined;
  if (parameters === undefined) return null;
  return isHashMap(parameters) ? parameters : {};
}

/** A numeric parameter: a finite number, or null when unset/`false`/not a number. */
export function numberParameter(parameters: HashMap | null, name: string): number | null {
  const value = parameters !== null && Object.hasOwn(parameters, name) ? parameters[name] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A truthy flag parameter (`true` or a non-zero number). */
export function flagParameter(parameters: HashMap | null, name: string): boolean {
  const value = parameters !== null && Object.hasOwn(parameters, name) ? parameters[name] : undefined;
  return value === true || (typeof value === 'number' && value !== 0);
}

/** `singular` when `count` is 1, else `plural` (Ibexa's translation plural forms). */
export function plural(count: number, singular: string, plural: string): string {
  return count === 1 ? singular : plural;
}

/**
 * The range errors of a number (Ibexa's `IntegerValueValidator` / `FloatValueValidator` messages, target
 * `range`): above `max`, then below `min`; a null bound is no bound.
 */
export function rangeErrors(value: number, min: number | null, max: number | null): ValidationError[] {
  const errors: ValidationError[] = [];
  if (max !== null && value > max) errors.push({ target: 'range', message: `The value can not be higher than ${max}.` });
  if (min !== null && value < min) errors.push({ target: 'range', message: `The value can not be lower than ${min}.` });
  return errors;
}
