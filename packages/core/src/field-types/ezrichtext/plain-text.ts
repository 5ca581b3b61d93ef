import { DOCBOOK_NS, isElement, parseXml, XHTML5_EDIT_NS, type XmlElement, type XmlNode } from './xml.js';
import { xhtml5EditTreeToDocbook } from './xhtml5-edit-to-docbook.js';

/**
 * Plain text of DocBook rich text, for names and full text search (Ibexa's RichText search field uses the
 * document's text content). Each block (para, title, list item paragraph, table cell, program listing, ...) is
 * one line with whitespace collapsed; configuration and attribute metadata of embeds and templates is skipped.
 */

const BLOCKS = new Set([
  'para', 'title', 'programlisting', 'literallayout', 'listitem', 'blockquote', 'td', 'th', 'caption', 'section',
  'itemizedlist', 'orderedlist', 'informaltable', 'table', 'tr', 'ezembed', 'eztemplate', 'ezcontent',
]);
const SKIPPED = new Set(['ezattribute', 'ezconfig', 'ezvalue']);

const LITERAL = new Set(['literallayout', 'programlisting']);

function collectLines(node: XmlNode, lines: string[], current: { text: string }, literal = false): void {
  const flush = (): void => {
    for (const line of current.text.split('\n')) {
      const collapsed = line.replace(/\s+/g, ' ').trim();
      if (collapsed !== '') lines.push(collapsed);
    }
    current.text = '';
  };
  if (node.type === 'text') {
    // Outside literal layouts a line end in the source is just whitespace.
    current.text += literal ? node.text : node.text.replace(/\n/g, ' ');
    return;
  }
  if (node.ns === DOCBOOK_NS && SKIPPED.has(node.name)) return;
  const block = node.ns === DOCBOOK_NS && BLOCKS.has(node.name);
  if (block) flush();
  const childLiteral = literal || (node.ns === DOCBOOK_NS && LITERAL.has(node.name));
  for (const child of node.children) collectLines(child, lines, current, childLiteral);
  if (block) flush();
}

/** The text lines of a DocBook tree, one per block, whitespace collapsed, empty lines dropped. */
export function docbookTextLines(root: XmlElement): string[] {
  const lines: string[] = [];
  const current = { text: '' };
  collectLines(root, lines, current);
  for (const line of current.text.split('\n')) {
    const collapsed = line.replace(/\s+/g, ' ').trim();
    if (collapsed !== '') lines.push(collapsed);
  }
  return lines;
}

/** The text of the first block of a DocBook tree on one line (Ibexa uses it as the field's name), or ''. */
export function docbookFirstBlockText(root: XmlElement): string {
  const first = root.children.find((child) => child.type === 'element' || child.text.trim() !== '');
  if (first === undefined) return '';
  return isElement(first, DOCBOOK_NS) ? docbookTextLines(first).join(' ') : (docbookTextLines(root)[0] ?? '');
}

/**
 * Plain text of a rich text document (DocBook, or XHTML5 edit which is converted first): the text of each block
 * on its own line.
 * @throws FieldValueError (target `xml`) for malformed XML.
 */
export function richTextPlainText(xml: string): string {
  const root = parseXml(xml);
  const docbook = isElement(root, XHTML5_EDIT_NS, 'section') ? xhtml5EditTreeToDocbook(root) : root;
  return docbookTextLines(docbook).join('\n');
}
