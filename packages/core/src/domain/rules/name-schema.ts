/**
 * Content name patterns (Ibexa `NameSchemaService`): `<short_name|name>` takes the first non-empty of the
 * named fields; text outside `<…>` is kept literally; `(…)` groups text that is dropped when every field
 * inside it is empty. The result is trimmed, whitespace collapsed, and cut to 255 characters.
 *
 * @param schema e.g. `<first_name> <last_name>`
 * @param fieldText text of a field in the language being named (`FieldType.getName`), '' when empty/absent.
 */
export function resolveNameSchema(schema: string, fieldText: (identifier: string) => string): string {
  const resolved = resolveGroup(schema, fieldText).text;
  return resolved.replace(/\s+/g, ' ').trim().slice(0, 255);
}

interface Resolved {
  readonly text: string;
  /** Whether at least one field reference resolved to non-empty text. */
  readonly filled: boolean;
  readonly hasTokens: boolean;
}

function resolveGroup(pattern: string, fieldText: (identifier: string) => string): Resolved {
  let text = '';
  let filled = false;
  let hasTokens = false;
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index];
    if (char === '<') {
      const end = pattern.indexOf('>', index);
      if (end < 0) {
        text += pattern.slice(index);
        break;
      }
      hasTokens = true;
      const alternatives = pattern.slice(index + 1, end).split('|');
      const value = alternatives.map((identifier) => fieldText(identifier.trim())).find((candidate) => candidate !== '');
      if (value !== undefined) {
        text += value;
        filled = true;
      }
      index = end + 1;
    } else if (char === '(') {
      const end = matchingParenthesis(pattern, index);
      const inner = resolveGroup(pattern.slice(index + 1, end), fieldText);
      if (inner.filled || !inner.hasTokens) text += inner.text;
      filled ||= inner.filled;
      hasTokens ||= inner.hasTokens;
      index = end + 1;
    } else {
      text += char;
      index += 1;
    }
  }
  return { text, filled, hasTokens };
}

function matchingParenthesis(pattern: string, open: number): number {
  let depth = 0;
  for (let index = open; index < pattern.length; index += 1) {
    if (pattern[index] === '(') depth += 1;
    if (pattern[index] === ')') {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return pattern.length;
}
