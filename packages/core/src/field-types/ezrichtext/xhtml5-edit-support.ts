import {
  attributeOf,
  DOCBOOK_NS,
  element,
  EZXHTML_NS,
  isElement,
  text,
  XHTML5_EDIT_NS,
  XML_NS,
  type XmlAttribute,
  type XmlElement,
  type XmlNode,
} from './xml.js';

/** Building blocks of the XHTML5 edit → DocBook conversion (see `xhtml5-edit-to-docbook.ts`). */

/** Attributes where null stands for "absent". */
export type Attributes = readonly (XmlAttribute | null)[];

/** Elements that start a block in XHTML5 edit content (besides `data-ezelement` divs). */
const BLOCK_NAMES = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'pre', 'blockquote', 'table', 'section',
]);

/** A DocBook element; null attributes are left out. */
export function docbook(name: string, attributes: Attributes, children: readonly XmlNode[] = []): XmlElement {
  const present = attributes.filter((attribute): attribute is XmlAttribute => attribute !== null);
  return element(DOCBOOK_NS, name, present, children);
}

/** A DocBook attribute copied from an unprefixed XHTML attribute, or null when absent. */
export function copy(node: XmlElement, name: string, ns: string | null, target: string): XmlAttribute | null {
  const value = attributeOf(node, null, name);
  return value === undefined ? null : { ns, name: target, value };
}

/** `id` → `xml:id`. */
export const id = (node: XmlElement): XmlAttribute | null => copy(node, 'id', XML_NS, 'id');

/** `class` → `ezxhtml:class`. */
export const ezClass = (node: XmlElement): XmlAttribute | null => copy(node, 'class', EZXHTML_NS, 'class');

/** The value of one property in a `style` attribute, e.g. `center` for `text-align` in `text-align:center;`. */
export function styleValue(node: XmlElement, property: string): string | undefined {
  const style = attributeOf(node, null, 'style');
  if (style === undefined) return undefined;
  for (const declaration of style.split(';')) {
    const [name, value] = declaration.split(':');
    if (name?.trim().toLowerCase() === property && value !== undefined && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** Width in pixels (`120px`, `90pt` × 1.33, unit-less) or percent (`50%`), as Ibexa's `normalizeWidth`. */
export function normaliseWidth(width: string): string | null {
  const match = /^(\d+(?:\.\d+)?)\s*(px|pt|%)?$/.exec(width.trim());
  if (match === null) return null;
  const value = Number(match[1]);
  if (match[2] === '%') return `${Math.round(value)}%`;
  return String(Math.round(match[2] === 'pt' ? value * 1.33 : value));
}

/** An `ezattribute` element from `data-ezattribute-*` attributes, or nothing. */
export function ezAttribute(node: XmlElement): XmlElement[] {
  const values = node.attributes
    .filter((attribute) => attribute.ns === null && attribute.name.startsWith('data-ezattribute-'))
    .map((attribute) =>
      docbook('ezvalue', [{ ns: null, name: 'key', value: attribute.name.slice(17) }], [text(attribute.value)]),
    );
  return values.length === 0 ? [] : [docbook('ezattribute', [], values)];
}

/** Whether an XHTML element has a descendant with this local name. */
export function hasDescendant(node: XmlElement, name: string): boolean {
  return node.children.some(
    (child) => child.type === 'element' && (isElement(child, XHTML5_EDIT_NS, name) || hasDescendant(child, name)),
  );
}

/** Whether a node is block content (paragraphs, headings, lists, tables, embeds, templates, plain divs). */
export function isBlock(node: XmlNode): boolean {
  if (node.type !== 'element' || node.ns !== XHTML5_EDIT_NS) return false;
  if (BLOCK_NAMES.has(node.name)) return true;
  const kind = attributeOf(node, null, 'data-ezelement');
  return node.name === 'div' && (kind === undefined || kind === 'ezembed' || kind === 'eztemplate');
}
