import { docbook, copy, ezAttribute, id, normaliseWidth, styleValue } from './xhtml5-edit-support.js';
import { EZXHTML_NS, isElement, text, textContent, XHTML5_EDIT_NS, type XmlElement, type XmlNode } from './xml.js';

/** Converts the content of a table cell (block or inline). */
export type CellContentConverter = (nodes: readonly XmlNode[]) => XmlNode[];

function cell(node: XmlElement, content: CellContentConverter): XmlElement {
  const width = styleValue(node, 'width');
  const normalisedWidth = width === undefined ? null : normaliseWidth(width);
  const valign = styleValue(node, 'vertical-align');
  const headerAttributes =
    node.name === 'th' ? [copy(node, 'abbr', null, 'abbr'), copy(node, 'scope', null, 'scope')] : [];
  return docbook(
    node.name,
    [
      copy(node, 'class', null, 'class'),
      normalisedWidth === null ? null : { ns: EZXHTML_NS, name: 'width', value: normalisedWidth },
      valign === undefined ? null : { ns: null, name: 'valign', value: valign },
      copy(node, 'colspan', null, 'colspan'),
      copy(node, 'rowspan', null, 'rowspan'),
      ...headerAttributes,
    ],
    [...ezAttribute(node), ...content(node.children)],
  );
}

function rows(nodes: readonly XmlNode[], content: CellContentConverter): XmlElement[] {
  return nodes.flatMap((row) => {
    if (!isElement(row, XHTML5_EDIT_NS, 'tr')) return [];
    const cells = row.children.flatMap((child) =>
      isElement(child, XHTML5_EDIT_NS, 'td', 'th') ? [cell(child, content)] : [],
    );
    return [docbook('tr', [copy(row, 'class', null, 'class')], [...ezAttribute(row), ...cells])];
  });
}

/**
 * XHTML `table` → DocBook `informaltable` (or `table` when it has a caption), after Ibexa's stylesheet: `thead`,
 * rows of `tbody` and direct rows in one `tbody`, `tfoot`; widths normalised to pixels or percent.
 */
export function convertTable(table: XmlElement, content: CellContentConverter): XmlElement {
  const part = (name: string): XmlElement | undefined =>
    table.children.find((child): child is XmlElement => isElement(child, XHTML5_EDIT_NS, name));
  const caption = part('caption');
  const head = part('thead');
  const foot = part('tfoot');
  const width = styleValue(table, 'width');
  const normalisedWidth = width === undefined ? null : normaliseWidth(width);
  const borderWidth = styleValue(table, 'border-width');
  const bodyRows = [
    ...rows(table.children, content),
    ...table.children.flatMap((child) =>
      isElement(child, XHTML5_EDIT_NS, 'tbody') ? rows(child.children, content) : [],
    ),
  ];
  return docbook(
    caption === undefined ? 'informaltable' : 'table',
    [
      id(table),
      copy(table, 'class', null, 'class'),
      normalisedWidth === null ? null : { ns: null, name: 'width', value: normalisedWidth },
      copy(table, 'title', null, 'title'),
      copy(table, 'border', null, 'border'),
      borderWidth === undefined ? null : { ns: null, name: 'style', value: `border-width:${borderWidth};` },
    ],
    [
      ...(caption === undefined ? [] : [docbook('caption', [], [text(textContent(caption))])]),
      ...ezAttribute(table),
      ...(head === undefined ? [] : [docbook('thead', [], rows(head.children, content))]),
      docbook('tbody', [], bodyRows),
      ...(foot === undefined ? [] : [docbook('tfoot', [], rows(foot.children, content))]),
    ],
  );
}
