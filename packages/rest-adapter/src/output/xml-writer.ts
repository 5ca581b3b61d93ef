import type { Hash } from '@contentrepo/core';
import { assertNever } from '@contentrepo/core';
import { VENDOR_PREFIX } from '../http/media-types.js';
import type { Attrs, Node, ObjectNode, Scalar } from './node.js';

/** XML declaration written before every document. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Characters that need escaping or removal; a string without any of them is written as is. */
const NEEDS_WORK = /[&<>"'\r\n\t\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/** Code points not allowed in XML 1.0 (lone surrogates included, thanks to the `u` flag). */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTR_ESCAPES: Readonly<Record<string, string>> = {
  ...TEXT_ESCAPES, '"': '&quot;', "'": '&apos;', '\n': '&#10;', '\t': '&#9;',
};

const escapeWith = (value: string, pattern: RegExp, table: Readonly<Record<string, string>>): string => {
  if (!NEEDS_WORK.test(value)) return value;
  return value.replace(INVALID_XML, '').replace(pattern, (c) => table[c] ?? c);
};

/**
 * Escapes text content as PHP's XMLWriter does: `& < >` become entities (quotes stay readable), `\r` becomes
 * `&#13;` (survives end-of-line normalisation) and characters invalid in XML 1.0 are removed.
 */
export function escapeXmlText(value: string): string {
  return escapeWith(value, /[&<>\r]/g, TEXT_ESCAPES);
}

/** Escapes an attribute value: as text, plus `" '` and `\n`, `\t` as character references. */
export function escapeXmlAttr(value: string): string {
  return escapeWith(value, /[&<>"'\r\n\t]/g, ATTR_ESCAPES);
}

/** Plain scalar as XML text: booleans `true`/`false`, `null` empty, as Ibexa's XML generator renders them. */
const scalarText = (value: Scalar): string => {
  if (value === null) return '';
  if (typeof value === 'string') return escapeXmlText(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return Number.isFinite(value) ? String(value) : '';
};

/**
 * Field-hash scalar: like {@link scalarText}, but non-integer numbers as PHP `sprintf('%F')` (`1.500000`).
 * JS cannot tell `2.0` from `2`, so an integral float renders as an integer.
 */
const hashScalarText = (value: string | number | boolean | null): string =>
  typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value) ? value.toFixed(6) : scalarText(value);

/** Output accumulator: one growing string is cheaper than many nested intermediate strings. */
class XmlOut {
  text = '';
}

const writeAttrs = (out: XmlOut, attrs: Attrs): void => {
  for (const key in attrs) {
    const value = attrs[key] ?? null;
    out.text += ` ${key}="${typeof value === 'string' ? escapeXmlAttr(value) : scalarText(value)}"`;
  }
};

/** Whether the nodes render anything: only (nested) empty lists render nothing. */
const rendersSomething = (nodes: readonly Node[]): boolean =>
  nodes.some((node) => node.kind !== 'list' || rendersSomething(node.items));

/** Closes an opened start tag: self-closed when there is no body, else body then end tag. */
const closeWith = (out: XmlOut, name: string, body: string): void => {
  out.text += body === '' ? '/>' : `>${body}</${name}>`;
};

/** `<value>` children of a field-type hash, recursively (Ibexa's `fieldValue` XML form). */
const writeHashBody = (out: XmlOut, value: Hash): void => {
  if (value === null || typeof value !== 'object') {
    out.text += hashScalarText(value);
    return;
  }
  if (Array.isArray(value)) {
    const items: readonly Hash[] = value;
    for (const item of items) writeHashValue(out, 'value', '', item);
    return;
  }
  for (const [key, item] of Object.entries(value)) writeHashValue(out, 'value', ` key="${escapeXmlAttr(key)}"`, item);
};

/** One field-hash element `<name attrs>…</name>` (the hash element itself or a `<value>`). */
const writeHashValue = (out: XmlOut, name: string, attrs: string, value: Hash): void => {
  out.text += `<${name}${attrs}`;
  if (value === null || typeof value !== 'object') return closeWith(out, name, hashScalarText(value));
  if (Object.keys(value).length === 0) {
    out.text += '/>';
    return;
  }
  out.text += '>';
  writeHashBody(out, value);
  out.text += `</${name}>`;
};

const writeElement = (out: XmlOut, name: string, children: readonly Node[], prefix: string): void => {
  if (!rendersSomething(children)) {
    out.text += '/>';
    return;
  }
  out.text += '>';
  writeAll(out, children, prefix);
  out.text += `</${name}>`;
};

const write = (out: XmlOut, node: Node, prefix: string): void => {
  switch (node.kind) {
    case 'object': {
      const mediaType = node.mediaType === '' ? '' : `${prefix}${node.mediaType}+xml`;
      out.text += `<${node.name} media-type="${escapeXmlAttr(mediaType)}"`;
      writeAttrs(out, node.attrs);
      return writeElement(out, node.name, node.children, prefix);
    }
    case 'hash':
      out.text += `<${node.name}`;
      writeAttrs(out, node.attrs);
      return writeElement(out, node.name, node.children, prefix);
    case 'value':
      out.text += `<${node.name}`;
      writeAttrs(out, node.attrs);
      return closeWith(out, node.name, scalarText(node.value));
    case 'list':
      return writeAll(out, node.items, prefix);
    case 'ftHash':
      return writeHashValue(out, node.name, '', node.value);
    case 'ftHashDeferred':
      throw new Error(`Field hash '${node.name}' is still being computed: resolve the tree with resolveDeferredNodes before writing it`);
    default:
      return assertNever(node, 'generator node');
  }
};

const writeAll = (out: XmlOut, nodes: readonly Node[], prefix: string): void => {
  for (const node of nodes) write(out, node, prefix);
};

/**
 * Renders a root object element as an XML document, as Ibexa's XML generator does: the XML declaration, a
 * newline, then `<Name media-type="<prefix><M>+xml" attr="v">…</Name>` and a final newline. Value
 * elements render as text (booleans `true`/`false`, `null` as an empty element); lists render their
 * items inline (an empty list emits nothing); field-type hashes render scalars as text (floats as
 * `1.500000`), lists as repeated `<value>` and maps as `<value key="k">`; elements without children
 * or text are self-closed. Element and attribute names come from visitors and are not escaped.
 *
 * @param root the root object element
 * @param vendorPrefix media-type prefix, default `application/vnd.ibexa.api.`
 */
export function writeXml(root: ObjectNode, vendorPrefix: string = VENDOR_PREFIX): string {
  const out = new XmlOut();
  out.text = `${XML_DECLARATION}\n`;
  write(out, root, vendorPrefix);
  return `${out.text}\n`;
}
