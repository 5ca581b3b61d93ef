import { DOCBOOK_NS, DOCBOOK_VERSION, element, type XmlElement, type XmlNode } from './xml.js';

/** DocBook elements whose whitespace-only text children are formatting, not content. */
const BLOCK_CONTAINERS = new Set([
  'section', 'itemizedlist', 'orderedlist', 'listitem', 'blockquote', 'informaltable', 'table', 'thead', 'tbody',
  'tfoot', 'tr', 'ezembed', 'ezembedinline', 'eztemplate', 'ezconfig', 'ezattribute',
]);

/**
 * Canonical form of a DocBook tree: whitespace-only text inside block containers (section, lists, tables,
 * embeds) is dropped and the root carries Ibexa's `version` first, so equal documents serialise equally.
 */
export function normaliseDocbook(root: XmlElement): XmlElement {
  const walk = (node: XmlElement, isRoot: boolean): XmlElement => {
    const dropBlank = node.ns === DOCBOOK_NS && BLOCK_CONTAINERS.has(node.name);
    const children = node.children
      .filter((child) => !(dropBlank && child.type === 'text' && child.text.trim() === ''))
      .map((child): XmlNode => (child.type === 'element' ? walk(child, false) : child));
    const attributes = isRoot
      ? [
          { ns: null, name: 'version', value: DOCBOOK_VERSION },
          ...node.attributes.filter((attribute) => !(attribute.ns === null && attribute.name === 'version')),
        ]
      : node.attributes;
    return element(node.ns, node.name, attributes, children);
  };
  return walk(root, true);
}
