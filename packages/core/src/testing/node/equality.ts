/**
 * The two equalities of the kit's matchers, with Jest's meaning, for runners without `expect` (`node:test`):
 * {@link equals} is `toEqual`, {@link matchesObject} is `toMatchObject`.
 */

type Indexable = Readonly<Record<PropertyKey, unknown>>;

const isObject = (value: unknown): value is Indexable => typeof value === 'object' && value !== null;
const tagOf = (value: unknown): string => Object.prototype.toString.call(value);

/** Own enumerable keys (strings and symbols) whose value is not `undefined`: what `toEqual` compares. */
function definedKeys(value: Indexable): PropertyKey[] {
  const keys: PropertyKey[] = [...Object.keys(value), ...Object.getOwnPropertySymbols(value).filter((symbol) => Object.prototype.propertyIsEnumerable.call(value, symbol))];
  return keys.filter((key) => value[key] !== undefined);
}

/** Values compared as a whole rather than property by property. */
const isSpecial = (value: Indexable): boolean =>
  value instanceof Date || value instanceof RegExp || value instanceof Error || value instanceof Map || value instanceof Set;

/** Equality of values that are not plain containers (dates, patterns, errors, maps, sets), or undefined when they are. */
function specialEquals(a: Indexable, b: Indexable): boolean | undefined {
  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (a instanceof RegExp && b instanceof RegExp) return a.source === b.source && a.flags === b.flags;
  if (a instanceof Error && b instanceof Error) return a.name === b.name && a.message === b.message;
  if (a instanceof Set && b instanceof Set) {
    const others = [...b];
    return a.size === b.size && [...a].every((item) => b.has(item) || others.some((other) => equals(item, other)));
  }
  if (a instanceof Map && b instanceof Map) {
    const entries = [...b];
    return (
      a.size === b.size &&
      [...a].every(([key, value]) => (b.has(key) ? equals(value, b.get(key)) : entries.some(([otherKey, other]) => equals(key, otherKey) && equals(value, other))))
    );
  }
  return undefined;
}

/**
 * Jest's `toEqual`: primitives by `Object.is`; dates by time; patterns by source and flags; errors by name and
 * message; maps and sets by content; arrays and other objects by their own enumerable properties, recursively,
 * ignoring properties (and array items) whose value is `undefined`, and not comparing classes.
 */
export function equals(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isObject(a) || !isObject(b) || tagOf(a) !== tagOf(b)) return false;
  const special = specialEquals(a, b);
  if (special !== undefined) return special;
  const keysOfA = definedKeys(a);
  const keysOfB = new Set(definedKeys(b));
  return keysOfA.length === keysOfB.size && keysOfA.every((key) => keysOfB.has(key) && equals(a[key], b[key]));
}

/**
 * Jest's `toMatchObject`: every property of `expected` is in `actual` (own or inherited) and matches, recursively;
 * arrays match item by item and must have the same length; anything that is not a plain object or array is
 * compared with {@link equals}.
 */
export function matchesObject(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item: unknown, index) => matchesObject(actual[index], item));
  }
  if (!isObject(expected) || isSpecial(expected)) return equals(actual, expected);
  if (!isObject(actual)) return false;
  return Object.keys(expected).every((key) => key in actual && matchesObject(actual[key], expected[key]));
}
