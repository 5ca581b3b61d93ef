/**
 * Well-formed Unicode in input. A lone UTF-16 surrogate (JSON `"\ud800"`, an XML character reference `&#xD800;`, a
 * GraphQL variable) cannot be stored, compared, percent-encoded or echoed into a header reliably
 * (`encodeURIComponent` throws on it), so the adapters refuse input holding one with a client error.
 */

/** A UTF-16 code unit that is half of no surrogate pair (matched per code unit: no `u` flag). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether a string is well-formed Unicode (`String.prototype.isWellFormed`, which the ES2023 typings lack). */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** The first string of parsed input that is not well-formed Unicode: an object key or a value. */
export interface MalformedString {
  readonly as: 'key' | 'value';
  readonly text: string;
}

/**
 * The first key or string value of parsed input (JSON-like data: strings, arrays, plain objects) that is not
 * well-formed Unicode, or null. Only arrays and plain objects are entered (not class instances such as an upload);
 * iterative, so bounded by the size of the input whatever its depth.
 */
export function findMalformedString(input: unknown): MalformedString | null {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (!isWellFormed(value)) return { as: 'value', text: value };
    } else if (Array.isArray(value)) {
      stack.push(...(value as unknown[]));
    } else if (typeof value === 'object' && value !== null && isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (!isWellFormed(key)) return { as: 'key', text: key };
        stack.push(item);
      }
    }
  }
  return null;
}

/** Longest excerpt of an offending string shown in an error message. */
const EXCERPT = 100;

/** An excerpt (100 code units at most) of a string with its lone surrogates written as `\uXXXX`, safe in any output. */
export function visibleExcerpt(text: string): string {
  const excerpt = text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
  return excerpt.replace(LONE_SURROGATES, (unit) => `\\u${unit.charCodeAt(0).toString(16).toUpperCase()}`);
}

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
