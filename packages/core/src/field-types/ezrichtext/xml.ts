import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FieldValueError } from '../field-type.js';
import { isRecord } from '../shared/decode.js';

/**
 * A small namespace-aware XML tree for rich text: `parseXml` checks well-formedness with fast-xml-parser
 * (no DTDs, no entity expansion beyond the five predefined entities and character references), resolves
 * namespace prefixes and returns immutable nodes; `serializeXml` writes them back with fixed prefixes.
 */

/** The `xml:` namespace (`xml:id`). */
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** DocBook 5, the default namespace of stored rich text. */
export const DOCBOOK_NS = 'http://docbook.org/ns/docbook';
/** XLink (`xlink:href`, `xlink:show`, `xlink:title` on links and embeds). */
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
/** Ibexa's XHTML presentation attributes in DocBook (`ezxhtml:class`, `ezxhtml:level`, ...). */
export const EZXHTML_NS = 'http://ibexa.co/xmlns/dxp/docbook/xhtml';
/** Ibexa's custom-tag namespace in DocBook. */
export const EZCUSTOM_NS = 'http://ibexa.co/xmlns/dxp/docbook/custom';
/** The XHTML5 "edit" format of the Online Editor (REST `xhtml5edit`). */
export const XHTML5_EDIT_NS = 'http://ibexa.co/namespaces/ezpublish5/xhtml5/edit';

/** `version` of Ibexa's DocBook rich text documents. */
export const DOCBOOK_VERSION = '5.0-variant ezpublish-1.0';

/** Prefixes a DocBook rich text document declares on its root, in Ibexa's order. */
export const DOCBOOK_PREFIXES: readonly (readonly [string, string])[] = [
  ['xlink', XLINK_NS],
  ['ezxhtml', EZXHTML_NS],
  ['ezcustom', EZCUSTOM_NS],
];

/** eZ Platform namespaces that Ibexa renamed; input using them is read as the Ibexa ones. */
const LEGACY_NAMESPACES: ReadonlyMap<string, string> = new Map([
  ['http://ez.no/xmlns/ezpublish/docbook/xhtml', EZXHTML_NS],
  ['http://ez.no/xmlns/ezpublish/docbook/custom', EZCUSTOM_NS],
  ['http://ez.no/namespaces/ezpublish5/xhtml5/edit', XHTML5_EDIT_NS],
]);

/** An attribute with its resolved namespace (null for unprefixed attributes) and local name. */
export interface XmlAttribute {
  readonly ns: string | null;
  readonly name: string;
  readonly value: string;
}

/** An element with its resolved namespace, local name, attributes (namespace declarations removed) and children. */
export interface XmlElement {
  readonly type: 'element';
  readonly ns: string | null;
  /** Local name. */
  readonly name: string;
  readonly attributes: readonly XmlAttribute[];
  readonly children: readonly XmlNode[];
}

/** Character data (text and CDATA, references decoded). */
export interface XmlText {
  readonly type: 'text';
  readonly text: string;
}

/** A node of the tree: comments and processing instructions are not kept. */
export type XmlNode = XmlElement | XmlText;

/** Builds an element. */
export function element(
  ns: string | null,
  name: string,
  attributes: readonly XmlAttribute[] = [],
  children: readonly XmlNode[] = [],
): XmlElement {
  return { type: 'element', ns, name, attributes, children };
}

/** Builds a text node. */
export function text(value: string): XmlText {
  return { type: 'text', text: value };
}

/** The value of an attribute, or undefined. */
export function attributeOf(node: XmlElement, ns: string | null, name: string): string | undefined {
  return node.attributes.find((attribute) => attribute.ns === ns && attribute.name === name)?.value;
}

/** Whether a node is an element with this namespace and (one of these) local names. */
export function isElement(node: XmlNode, ns: string | null, ...names: string[]): node is XmlElement {
  return node.type === 'element' && node.ns === ns && (names.length === 0 || names.includes(node.name));
}

/** The concatenated text of a node and its descendants. */
export function textContent(node: XmlNode): string {
  return node.type === 'text' ? node.text : node.children.map(textContent).join('');
}

function malformed(message: string): FieldValueError {
  return new FieldValueError(`Invalid XML: ${message}`, 'xml');
}

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** Replaces the predefined entities and character references. @throws FieldValueError for anything else. */
function decodeReferences(raw: string): string {
  return raw.replace(/&([^;&\s]*);?/g, (match, reference: string) => {
    if (!match.endsWith(';')) throw malformed(`unterminated reference '${match}'`);
    const predefined = PREDEFINED_ENTITIES[reference];
    if (predefined !== undefined) return predefined;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(reference);
    if (numeric === null) throw malformed(`undefined entity '${match}'`);
    const code = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
    if (!isXmlChar(code)) throw malformed(`invalid character reference '${match}'`);
    return String.fromCodePoint(code);
  });
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Scope = ReadonlyMap<string, string | null>;

function resolvePrefix(scope: Scope, prefix: string, qualifiedName: string): string | null {
  const ns = scope.get(prefix);
  if (ns === undefined) {
    if (prefix === '') return null;
    throw malformed(`unbound namespace prefix in '${qualifiedName}'`);
  }
  return ns;
}

function splitName(qualifiedName: string): [prefix: string, local: string] {
  const colon = qualifiedName.indexOf(':');
  return colon === -1 ? ['', qualifiedName] : [qualifiedName.slice(0, colon), qualifiedName.slice(colon + 1)];
}

function normaliseNamespace(uri: string): string {
  return LEGACY_NAMESPACES.get(uri) ?? uri;
}

/** Converts one parser node (`{tag: children, ':@': attributes}`, `{'#text'}`, ...) to tree nodes. */
function convertNode(raw: unknown, scope: Scope): XmlNode[] {
  if (!isRecord(raw)) throw malformed('unexpected parser output');
  const keys = Object.keys(raw).filter((key) => key !== ':@');
  const key = keys[0];
  if (keys.length !== 1 || key === undefined) throw malformed('unexpected parser output');
  const content = raw[key];
  if (key === '#text') {
    if (typeof content !== 'string') throw malformed('unexpected text node');
    return [text(decodeReferences(content))];
  }
  if (key === '#comment') return [];
  if (key === '#cdata') {
    const parts = Array.isArray(content) ? content : [];
    return parts.flatMap((part: unknown) =>
      isRecord(part) && typeof part['#text'] === 'string' ? [text(part['#text'])] : [],
    );
  }
  if (!Array.isArray(content)) throw malformed(`unexpected content of <${key}>`);
  const rawAttributes = raw[':@'] ?? {};
  if (!isRecord(rawAttributes)) throw malformed(`unexpected attributes of <${key}>`);
  const localScope = new Map(scope);
  const plainAttributes: [string, string][] = [];
  for (const [name, value] of Object.entries(rawAttributes)) {
    if (typeof value !== 'string') throw malformed(`attribute '${name}' of <${key}> has no value`);
    if (value.includes('<')) throw malformed(`'<' in the value of attribute '${name}'`);
    const decoded = decodeReferences(value.replace(/[\t\n\r]/g, ' '));
    if (name === 'xmlns') localScope.set('', decoded === '' ? null : normaliseNamespace(decoded));
    else if (name.startsWith('xmlns:')) localScope.set(name.slice(6), normaliseNamespace(decoded));
    else plainAttributes.push([name, decoded]);
  }
  const attributes = plainAttributes.map(([qualifiedName, value]): XmlAttribute => {
    const [prefix, name] = splitName(qualifiedName);
    return { ns: prefix === '' ? null : resolvePrefix(localScope, prefix, qualifiedName), name, value };
  });
  const [prefix, name] = splitName(key);
  const children = content.flatMap((child: unknown) => convertNode(child, localScope));
  return [element(resolvePrefix(localScope, prefix, key), name, attributes, children)];
}

/**
 * Parses an XML document into a tree (comments and processing instructions dropped, CDATA as text, line ends
 * normalised). DOCTYPE declarations are refused, so no DTD or entity can be defined.
 * @throws FieldValueError (target `xml`) for malformed XML, several roots or undefined entities.
 */
export function parseXml(xml: string): XmlElement {
  const source = xml.replace(/\r\n?/g, '\n');
  const withoutOpaque = source.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  if (/<!DOCTYPE/i.test(withoutOpaque)) throw malformed('DOCTYPE declarations are not allowed');
  const validation = XMLValidator.validate(source);
  if (validation !== true) {
    throw malformed(`${validation.err.msg} (line ${validation.err.line}, column ${validation.err.col})`);
  }
  let parsed: unknown;
  try {
    parsed = parser.parse(source);
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : 'unreadable document');
  }
  if (!Array.isArray(parsed)) throw malformed('unexpected parser output');
  const scope: Scope = new Map<string, string | null>([['xml', XML_NS]]);
  const nodes = parsed.flatMap((node: unknown) => convertNode(node, scope));
  const roots = nodes.filter((node): node is XmlElement => node.type === 'element');
  if (roots.length !== 1 || nodes.some((node) => node.type === 'text' && node.text.trim() !== '')) {
    throw malformed('a document must have exactly one root element');
  }
  const [root] = roots;
  if (root === undefined) throw malformed('no root element');
  return root;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

interface WriteScope {
  readonly defaultNs: string | null;
  readonly prefixes: ReadonlyMap<string, string>;
}

/**
 * Serialises a tree as a UTF-8 XML document (`<?xml version="1.0" encoding="UTF-8"?>\n<root …>…</root>\n`,
 * the form PHP's DOMDocument::saveXML produces). The root declares `defaultNs` and the given prefixes, in order;
 * other namespaces get generated prefixes where they are used.
 */
export function serializeXml(
  root: XmlElement,
  defaultNs: string | null,
  prefixes: readonly (readonly [prefix: string, ns: string])[] = [],
): string {
  let generated = 0;
  const write = (node: XmlNode, scope: WriteScope, isRoot: boolean): string => {
    if (node.type === 'text') return escapeText(node.text);
    const declarations: string[] = [];
    let defaultNamespace = isRoot ? defaultNs : scope.defaultNs;
    const known = new Map(scope.prefixes);
    if (isRoot) {
      if (defaultNs !== null) declarations.push(` xmlns="${escapeAttribute(defaultNs)}"`);
      for (const [prefix, ns] of prefixes) {
        known.set(ns, prefix);
        declarations.push(` xmlns:${prefix}="${escapeAttribute(ns)}"`);
      }
    }
    const prefixFor = (ns: string): string => {
      if (ns === XML_NS) return 'xml';
      const existing = known.get(ns);
      if (existing !== undefined) return existing;
      const prefix = `ns${++generated}`;
      known.set(ns, prefix);
      declarations.push(` xmlns:${prefix}="${escapeAttribute(ns)}"`);
      return prefix;
    };
    let qualifiedName: string;
    if (node.ns === defaultNamespace) qualifiedName = node.name;
    else if (node.ns === null) {
      declarations.push(' xmlns=""');
      defaultNamespace = null;
      qualifiedName = node.name;
    } else qualifiedName = `${prefixFor(node.ns)}:${node.name}`;
    const attributes = node.attributes
      .map((attribute) => {
        const name = attribute.ns === null ? attribute.name : `${prefixFor(attribute.ns)}:${attribute.name}`;
        return ` ${name}="${escapeAttribute(attribute.value)}"`;
      })
      .join('');
    const childScope: WriteScope = { defaultNs: defaultNamespace, prefixes: known };
    const children = node.children.map((child) => write(child, childScope, false)).join('');
    const start = `<${qualifiedName}${declarations.join('')}${attributes}`;
    return children === '' ? `${start}/>` : `${start}>${children}</${qualifiedName}>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(root, { defaultNs: null, prefixes: new Map() }, true)}\n`;
}
