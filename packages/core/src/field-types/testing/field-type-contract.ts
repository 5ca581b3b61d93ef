import type { Hash } from '../../api/values/content-type.js';
import type { ValidationError } from '../../errors/repository-error.js';
import { FieldValueError, type FieldType } from '../field-type.js';
import { createDefaultFieldTypeRegistry } from '../registry.js';
import type { HashMap } from '../shared/settings.js';
import type { TestRunner } from '../../testing/test-runner.js';
import { buildFieldDefinition } from './field-definition.js';
import { searchFamilyProblems } from './search-family-check.js';

/** A value with the definition settings it is checked against. */
export interface ValueCase<V> {
  readonly name: string;
  readonly value: V;
  readonly fieldSettings?: HashMap;
  readonly validatorConfiguration?: HashMap;
}

/** A value that must fail validation with exactly `errors` (in order). */
export interface ValidationFailureCase<V> extends ValueCase<V> {
  readonly errors: readonly ValidationError[];
}

/** Samples each field type gives to `describeFieldTypeContract`. */
export interface FieldTypeContractSamples<V> {
  /** Inputs `fromHash` accepts, with the value expected (`toEqual`). */
  readonly inputs: readonly { readonly input: unknown; readonly expected: V }[];
  /** Non-empty stored values; each must round-trip through the hash and through storage. */
  readonly storedValues: readonly V[];
  /** Values that round-trip through storage only (the hash drops parts of them, e.g. password hashes). */
  readonly storageOnlyValues?: readonly V[];
  /** Inputs `fromHash` must reject with FieldValueError (and the given target, when given). */
  readonly invalidInputs: readonly { readonly input: unknown; readonly target?: string | null }[];
  /** Storage data `fromStorage` must reject. */
  readonly invalidStorage?: readonly Hash[];
  /** Values that pass validation. */
  readonly validValues: readonly ValueCase<V>[];
  /** Values that fail validation with Ibexa's messages. */
  readonly validationFailures: readonly ValidationFailureCase<V>[];
  /** Field settings that `validateFieldSettings` must reject, with the messages expected. */
  readonly invalidFieldSettings?: readonly { readonly settings: HashMap; readonly messages: readonly string[] }[];
  /** Validator configurations that must be rejected, with the messages expected. */
  readonly invalidValidatorConfigurations?: readonly {
    readonly configuration: HashMap;
    readonly messages: readonly string[];
  }[];
  /** False for types whose empty value still counts as filled (Ibexa's checkbox is never empty). */
  readonly emptyValueIsEmpty?: boolean;
}

/** The part of a {@link TestRunner} the field type contract uses. */
export type FieldTypeContractRunner = Pick<TestRunner, 'describe' | 'it' | 'expect'>;

/** The runner whose `describe`, `it` and `expect` are globals (Jest injects them; so does Vitest with `globals`). */
function globalRunner(): FieldTypeContractRunner {
  const { describe, it, expect } = globalThis as unknown as Partial<FieldTypeContractRunner>;
  if (typeof describe !== 'function' || typeof it !== 'function' || typeof expect !== 'function') {
    throw new Error('describeFieldTypeContract: no global describe/it/expect; pass a TestRunner as third argument');
  }
  return { describe, it, expect };
}

/** One test per case, titled with `title` where `%s` is the case's label (no test for an empty table). */
function eachCase<T>(
  it: FieldTypeContractRunner['it'],
  title: string,
  cases: readonly T[],
  test: (item: T) => void,
  label: (item: T, index: number) => string = (_, index) => `#${index}`,
): void {
  cases.forEach((item, index) => it(title.replace('%s', () => label(item, index)), () => test(item)));
}

function expectFieldValueError(expect: FieldTypeContractRunner['expect'], run: () => unknown, target: string | null | undefined): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(FieldValueError);
  if (target !== undefined && thrown instanceof FieldValueError) expect(thrown.target).toBe(target);
}

/**
 * The contract every field type passes (Ibexa's FieldType test base): empty values, hash and storage round
 * trips, rejection of malformed input, validation messages, settings defaults and registry resolution. The tests
 * are declared with `runner` (by default the runner's globals, as Jest provides them).
 */
export function describeFieldTypeContract<V>(
  type: FieldType<V>,
  samples: FieldTypeContractSamples<V>,
  runner: FieldTypeContractRunner = globalRunner(),
): void {
  const { describe, it, expect } = runner;
  describe(`${type.identifier} field type contract`, () => {
    it('resolves its identifier and aliases through the default registry', () => {
      const registry = createDefaultFieldTypeRegistry();
      expect(registry.get(type.identifier)).toBe(type);
      expect(type.aliases.length).toBeGreaterThan(0);
      for (const alias of type.aliases) {
        expect(registry.get(alias)).toBe(type);
        expect(registry.canonicalIdentifier(alias)).toBe(type.identifier);
      }
    });

    it('has an empty value that fromHash(null) and fromHash(undefined) give', () => {
      expect(type.isEmpty(type.emptyValue())).toBe(samples.emptyValueIsEmpty ?? true);
      expect(type.fromHash(null)).toEqual(type.emptyValue());
      expect(type.fromHash(undefined)).toEqual(type.emptyValue());
      expect(type.fromHash(type.toHash(type.emptyValue()))).toEqual(type.emptyValue());
      expect(type.fromStorage(type.toStorage(type.emptyValue()))).toEqual(type.emptyValue());
    });

    eachCase(it, 'accepts input %s', samples.inputs, (sample) => {
      expect(type.fromHash(sample.input)).toEqual(sample.expected);
    });

    eachCase(it, 'round-trips stored value %s through hash and storage', samples.storedValues, (value) => {
      expect(type.isEmpty(value)).toBe(false);
      expect(type.fromHash(type.toHash(value))).toEqual(value);
      expect(type.fromHash(value)).toEqual(value);
      expect(type.fromStorage(type.toStorage(value))).toEqual(value);
      expect(JSON.parse(JSON.stringify(type.toStorage(value)))).toEqual(type.toStorage(value));
      expect(JSON.parse(JSON.stringify(type.toHash(value)))).toEqual(type.toHash(value));
    });

    eachCase(it, 'round-trips value %s through storage', samples.storageOnlyValues ?? [], (value) => {
      expect(type.fromStorage(type.toStorage(value))).toEqual(value);
    });

    eachCase(it, 'rejects malformed input %s with FieldValueError', samples.invalidInputs, (sample) => {
      expectFieldValueError(expect, () => type.fromHash(sample.input), sample.target);
    });

    eachCase(it, 'rejects storage data %s it never writes', samples.invalidStorage ?? [], (data) => {
      expectFieldValueError(expect, () => type.fromStorage(data), undefined);
    });

    eachCase(
      it,
      'validates %s',
      samples.validValues,
      (sample) => {
        expect(type.validate(sample.value, buildFieldDefinition(type, sample))).toEqual([]);
      },
      (sample) => sample.name,
    );

    eachCase(
      it,
      'reports %s',
      samples.validationFailures,
      (sample) => {
        expect(type.validate(sample.value, buildFieldDefinition(type, sample))).toEqual(sample.errors);
      },
      (sample) => sample.name,
    );

    it('accepts its default settings and validator configuration', () => {
      expect(type.validateFieldSettings(type.defaultFieldSettings())).toEqual([]);
      expect(type.validateValidatorConfiguration(type.defaultValidatorConfiguration())).toEqual([]);
      expect(type.validateFieldSettings({})).toEqual([]);
      expect(type.validateValidatorConfiguration({})).toEqual([]);
    });

    it('rejects unknown settings and validators', () => {
      expect(type.validateFieldSettings({ noSuchSetting: 1 })).toEqual([
        { target: '[noSuchSetting]', message: "Setting 'noSuchSetting' is unknown" },
      ]);
      expect(type.validateValidatorConfiguration({ NoSuchValidator: {} })).toEqual([
        { target: '[NoSuchValidator]', message: "Validator 'NoSuchValidator' is unknown" },
      ]);
    });

    eachCase(it, 'rejects field settings %s', samples.invalidFieldSettings ?? [], (sample) => {
      expect(type.validateFieldSettings(sample.settings).map((error) => error.message)).toEqual(sample.messages);
    });

    eachCase(it, 'rejects validator configuration %s', samples.invalidValidatorConfigurations ?? [], (sample) => {
      expect(type.validateValidatorConfiguration(sample.configuration).map((error) => error.message)).toEqual(
        sample.messages,
      );
    });

    it('produces well-formed search data and names', () => {
      const definition = buildFieldDefinition(type);
      for (const value of [type.emptyValue(), ...samples.storedValues]) {
        const data = type.toSearchData(value);
        if (data.sortKeyString !== null) {
          expect(data.sortKeyString).toBe(data.sortKeyString.toLowerCase());
          expect(Array.from(data.sortKeyString).length).toBeLessThanOrEqual(255);
        }
        if (data.sortKeyInt !== null) expect(Number.isSafeInteger(data.sortKeyInt)).toBe(true);
        if (type.searchable) expect(searchFamilyProblems(type.searchFamily, data)).toEqual([]);
        expect(typeof data.fullText).toBe('string');
        expect(typeof type.getName(value, definition, 'eng-GB')).toBe('string');
      }
      expect(type.toSearchData(type.emptyValue()).fullText).toBe('');
    });
  });
}
