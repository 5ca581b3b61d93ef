import { Parser } from 'xml2js';
import { BadRequestError } from '../http/rest-errors.js';
import type { DecodedInput, DecodedObject } from './decoded-input.js';
import { MAX_INPUT_DEPTH } from './decoded-input.js';

/**
 * XML request bodies → Ibexa's array form, as its REST XML input handler builds it (field-type hashes included).
 *
 * Security: DTDs are refused outright. Any `<!DOCTYPE` (or other `<!` declaration outside comments
 * and CDATA) is rejected before parsing, so there are no internal or external entities, no external
 * resource loading and no entity expansion. Entity references other than the five predefined ones
 * (`&amp; &lt; &gt; &quot; &apos;`) and numeric character references are rejected too, because sax
 * would otherwise silently expand HTML entities such as `&nbsp;`.
 */

/** One parsed element in document order. */
interface XmlElement {
  readonly name: string;
  readonly attrs: ReadonlyArray<readonly [string, string]>;
  /** Concatenated character data; `undefined` when whitespace-only (and not CDATA). */
  readonly text: string | undefined;
  readonly children: readonly XmlElement[];
}

/** Parent/child pairs whose single child still becomes a one-element list (Ibexa's XML handler). */
const FORCED_LISTS = new Set([
  'ContentList/Content', 'ContentTypeList/ContentType', 'ContentTypeGroupRefList/ContentTypeGroupRef',
  'SectionList/Section', 'RoleList/Role', 'PolicyList/Policy', 'LocationList/Location',
  'ContentObjectStates/ObjectState', 'FieldDefinitions/FieldDefinition', 'UserList/User', 'names/value',
  'descriptions/value', 'fields/field', 'limitations/limitation', 'values/ref',
]);

/** Elements parsed as field-type hashes (Ibexa's `fieldValue` format) wherever they occur. */
const FIELD_HASH_ELEMENTS = new Set(['fieldValue', 'defaultValue', 'fieldSettings', 'validatorConfiguration']);

// Keys chosen so that they can never collide with an XML element name (`$`, `#` cannot start one).
const PARSER_OPTIONS = {
  explicitChildren: true, preserveChildrenOrder: true, explicitArray: true, explicitCharkey: true,
  attrkey: '$', charkey: '#text', childkey: '$$', trim: false, normalize: false, explicitRoot: true,
  strict: true, async: false,
} as const;

const PREDEFINED_REFERENCE = /^&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;

const malformed = (detail: string): BadRequestError =>
  new BadRequestError(`Detected errors in input XML:\n - ${detail}`);

/** `In line L character C` (1-based line, 0-based column like sax) of a string offset. */
const position = (text: string, offset: number): string => {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return `In line ${before.split('\n').length} character ${offset - lineStart}`;
};

/**
 * Linear scan of the markup outside comments, CDATA and processing instructions: refuses `<!`
 * declarations (DOCTYPE, ENTITY) and non-predefined entity references.
 */
const checkMarkup = (text: string): void => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x26 /* & */) {
      if (!PREDEFINED_REFERENCE.test(text.slice(i, i + 12))) {
        throw malformed(`${position(text, i)}: only the predefined entities and character references are allowed.`);
      }
    } else if (c === 0x3c /* < */ && (text[i + 1] === '!' || text[i + 1] === '?')) {
      const end = text.startsWith('<!--', i) ? text.indexOf('-->', i + 4)
        : text.startsWith('<![CDATA[', i) ? text.indexOf(']]>', i + 9)
        : text[i + 1] === '?' ? text.indexOf('?>', i + 2)
        : -2;
      if (end === -2) throw malformed(`${position(text, i)}: DOCTYPE and other markup declarations are not allowed.`);
      if (end === -1) return; // unterminated: sax reports it
      i = end;
    }
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Decodes one xml2js node (`#name`, `$` attributes, `#text`, ordered `$$` children) with checks. */
const toElement = (raw: unknown, depth: number): XmlElement => {
  if (depth > MAX_INPUT_DEPTH) throw new BadRequestError(`Input is nested deeper than ${MAX_INPUT_DEPTH} levels.`);
  const name = isRecord(raw) ? raw['#name'] : undefined;
  if (!isRecord(raw) || typeof name !== 'string') throw malformed('Unexpected parser output.');
  const rawAttrs = raw['$'];
  const attrs: Array<readonly [string, string]> = [];
  if (isRecord(rawAttrs)) {
    for (const [key, value] of Object.entries(rawAttrs)) if (typeof value === 'string') attrs.push([key, value]);
  }
  const rawText = raw['#text'];
  const rawChildren = raw['$$'];
  const children = Array.isArray(rawChildren) ? rawChildren.map((child: unknown) => toElement(child, depth + 1)) : [];
  return { name, attrs, text: typeof rawText === 'string' ? rawText : undefined, children };
};

/**
 * Type-sniffed field-hash scalar (as Ibexa casts XML field hash text) of the trimmed text: int (kept as a string beyond
 * the safe-integer range), float, bool (any case), else the string. Trimmed like generic text.
 */
const sniff = (text: string): DecodedInput => {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) {
    const n = Number(trimmed);
    return Number.isSafeInteger(n) ? n : trimmed;
  }
  if (/^-?(?:\d+\.\d*|\.\d+)$/.test(trimmed)) return Number(trimmed);
  const lower = trimmed.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return trimmed;
};

/**
 * Field-type hash element (Ibexa's `fieldValue` XML form): `<value>` children without `key` → list, with `key` → map
 * (PHP semantics: unkeyed items of a mixed map get the next integer key; keys `0..n-1` make a list);
 * text only → sniffed scalar; nothing → null.
 */
const fieldHash = (element: XmlElement): DecodedInput => {
  if (element.children.length === 0) return element.text === undefined ? null : sniff(element.text);
  const entries = new Map<string, DecodedInput>(); // re-assigning a key keeps its position, like PHP
  let nextIndex = 0;
  for (const child of element.children) {
    if (child.name !== 'value') {
      throw new BadRequestError(`Invalid element <${child.name}> in <${element.name}>: only <value> elements are allowed.`);
    }
    const key = child.attrs.find(([name]) => name === 'key')?.[1] ?? String(nextIndex);
    if (/^(?:0|[1-9]\d*)$/.test(key)) nextIndex = Math.max(nextIndex, Number(key) + 1);
    entries.set(key, fieldHash(child));
  }
  let index = 0;
  for (const key of entries.keys()) if (key !== String(index++)) return Object.fromEntries(entries);
  return [...entries.values()];
};

/** Generic element (Ibexa's XML → array rules): attributes `_a`, children by name, `#text`, `null` when empty. */
const elementValue = (element: XmlElement): DecodedInput => {
  const out = new Map<string, DecodedInput>();
  for (const [name, value] of element.attrs) out.set(`_${name}`, value);
  const groups = new Map<string, DecodedInput[]>();
  for (const child of element.children) {
    if (FIELD_HASH_ELEMENTS.has(child.name)) {
      if (out.has(child.name)) throw new BadRequestError(`Duplicate element <${child.name}> in <${element.name}>.`);
      out.set(child.name, fieldHash(child));
      continue;
    }
    if (out.has(child.name)) throw new BadRequestError(`Element <${child.name}> conflicts with an attribute of <${element.name}>.`);
    const group = groups.get(child.name);
    if (group === undefined) groups.set(child.name, [elementValue(child)]);
    else group.push(elementValue(child));
  }
  for (const [name, values] of groups) {
    const [first] = values;
    out.set(name, values.length === 1 && first !== undefined && !FORCED_LISTS.has(`${element.name}/${name}`) ? first : values);
  }
  const text = element.text?.trim();
  if (text !== undefined && text !== '') out.set('#text', text);
  if (out.size === 0) return null;
  if (out.size === 1 && text !== undefined && text !== '') return text;
  return Object.fromEntries(out);
};

/** Runs xml2js/sax synchronously; any error, or content after the root element, is a 400. */
const parseTree = (text: string): XmlElement => {
  const parser = new Parser(PARSER_OPTIONS);
  let result: unknown;
  let roots = 0;
  let failure: unknown;
  parser.on('end', (value: unknown) => {
    roots += 1;
    if (roots === 1) result = value;
  });
  parser.on('error', (error: unknown) => {
    failure ??= error;
  });
  try {
    parser.parseString(text);
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined) throw malformed(describeSaxError(failure));
  if (roots > 1) throw malformed('Extra content at the end of the document.');
  if (!isRecord(result)) throw malformed('Document is empty.');
  const [root] = Object.values(result);
  return toElement(root, 0);
};

const describeSaxError = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  const match = /^([^\n]*)\nLine: (\d+)\nColumn: (\d+)/.exec(message);
  if (match === null) return message;
  return `In line ${Number(match[2]) + 1} character ${match[3]}: ${match[1]}`;
};

/**
 * Decodes an XML body and returns the value of its root element (the root name is ignored,
 * as in Ibexa). An empty root element yields `{}`.
 *
 * @throws BadRequestError `Detected errors in input XML:\n - …` for malformed XML, DTDs, foreign
 *   entities or trailing content; a 400 for a root holding only text, a field-type hash with a child
 *   other than `<value>`, or nesting deeper than {@link MAX_INPUT_DEPTH}.
 */
export function decodeXml(text: string): DecodedObject {
  checkMarkup(text);
  const value = elementValue(parseTree(text));
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new BadRequestError('Invalid input XML: the root element must contain elements, not only text.');
  }
  return value;
}
