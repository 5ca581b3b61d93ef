import { FieldValueError } from '../field-type.js';
import {
  copy,
  docbook,
  ezAttribute,
  ezClass,
  hasDescendant,
  id,
  isBlock,
  styleValue,
  type Attributes,
} from './xhtml5-edit-support.js';
import { convertTable } from './xhtml5-edit-tables.js';
import {
  attributeOf,
  DOCBOOK_NS,
  DOCBOOK_PREFIXES,
  DOCBOOK_VERSION,
  EZXHTML_NS,
  isElement,
  parseXml,
  serializeXml,
  text,
  textContent,
  XHTML5_EDIT_NS,
  XLINK_NS,
  XML_NS,
  type XmlAttribute,
  type XmlElement,
  type XmlNode,
} from './xml.js';

/**
 * XHTML5 "edit" (the Online Editor format) → DocBook, after Ibexa's `xhtml5/edit/docbook.xsl` for the common
 * elements: p→para (with `<br/>` → a `literallayout class="normal"`), h1–h6→title `ezxhtml:level`,
 * em/i→emphasis, strong/b→emphasis role="strong", u/s/del, sub/sup, a[href]→link `xlink:href`, a[id|name]→anchor,
 * ul/ol/li→itemizedlist/orderedlist/listitem (a bare list item gets a para), pre→programlisting, blockquote,
 * table→informaltable (table when captioned), `data-ezelement` embeds/templates/config, `data-ezattribute-*`.
 * Inline content directly in a section is wrapped in a para; spans and unknown elements are unwrapped.
 */

const NUMERATIONS: Readonly<Record<string, string>> = {
  decimal: 'arabic',
  'decimal-leading-zero': 'arabicleadingzero',
  'lower-roman': 'lowerroman',
  'upper-roman': 'upperroman',
  'lower-latin': 'loweralpha',
  'upper-latin': 'upperalpha',
};

function textAlign(node: XmlElement): XmlAttribute | null {
  const align = styleValue(node, 'text-align');
  if (align === undefined) return null;
  const value = ['left', 'center', 'right', 'justify'].includes(align) ? align : 'left';
  return { ns: EZXHTML_NS, name: 'textalign', value };
}

/** Converts block content; runs of inline content are wrapped in para elements. */
function convertBlocks(nodes: readonly XmlNode[]): XmlNode[] {
  const result: XmlNode[] = [];
  let inline: XmlNode[] = [];
  const flush = (): void => {
    const converted = convertInline(inline);
    if (converted.some((node) => node.type === 'element' || node.text.trim() !== '')) {
      result.push(docbook('para', [], converted));
    }
    inline = [];
  };
  for (const node of nodes) {
    if (node.type === 'element' && isBlock(node)) {
      flush();
      result.push(...convertBlock(node));
    } else {
      inline.push(node);
    }
  }
  flush();
  return result;
}

/** Content of a p or heading: line breaks put everything in a `literallayout class="normal"`. */
function paragraphContent(node: XmlElement): XmlNode[] {
  if (!hasDescendant(node, 'br')) return convertInline(node.children);
  return [docbook('literallayout', [{ ns: null, name: 'class', value: 'normal' }], convertInline(node.children))];
}

/** Content of a table cell: blocks when it has any, else inline content. */
function cellContent(nodes: readonly XmlNode[]): XmlNode[] {
  return nodes.some(isBlock) ? convertBlocks(nodes) : convertInline(nodes);
}

function listItems(list: XmlElement): XmlNode[] {
  return list.children.flatMap((item) => {
    if (!isElement(item, XHTML5_EDIT_NS, 'li')) return [];
    const content = item.children.some(isBlock)
      ? convertBlocks(item.children)
      : [docbook('para', [], paragraphContent(item))];
    return [docbook('listitem', [ezClass(item)], [...ezAttribute(item), ...content])];
  });
}

function convertBlock(node: XmlElement): XmlNode[] {
  const extra = ezAttribute(node);
  switch (node.name) {
    case 'section':
      return [docbook('section', [], convertBlocks(node.children))];
    case 'p':
      return [docbook('para', [id(node), ezClass(node), textAlign(node)], [...extra, ...paragraphContent(node)])];
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const level = { ns: EZXHTML_NS, name: 'level', value: node.name.slice(1) };
      const attributes = [level, ezClass(node), id(node), textAlign(node)];
      return [docbook('title', attributes, [...extra, ...paragraphContent(node)])];
    }
    case 'ul': {
      const mark = styleValue(node, 'list-style-type');
      const markAttribute = mark === undefined ? null : { ns: null, name: 'mark', value: mark };
      return [docbook('itemizedlist', [id(node), ezClass(node), markAttribute], [...extra, ...listItems(node)])];
    }
    case 'ol': {
      const numeration = NUMERATIONS[styleValue(node, 'list-style-type') ?? ''];
      const numerationAttribute = numeration === undefined ? null : { ns: null, name: 'numeration', value: numeration };
      return [docbook('orderedlist', [id(node), ezClass(node), numerationAttribute], [...extra, ...listItems(node)])];
    }
    case 'pre': {
      const language = copy(node, 'data-language', null, 'language');
      return [docbook('programlisting', [id(node), ezClass(node), language], [...extra, text(textContent(node))])];
    }
    case 'blockquote':
      return [docbook('blockquote', [], [...extra, ...convertBlocks(node.children)])];
    case 'table':
      return [convertTable(node, cellContent)];
    case 'div': {
      const kind = attributeOf(node, null, 'data-ezelement');
      if (kind === 'ezembed') return [convertEmbed(node, 'ezembed')];
      if (kind === 'eztemplate') return [convertTemplate(node, 'eztemplate')];
      return convertBlocks(node.children);
    }
    default:
      return convertBlocks(node.children);
  }
}

function convertEmbed(node: XmlElement, name: 'ezembed' | 'ezembedinline'): XmlElement {
  const attributes = [
    id(node),
    copy(node, 'data-href', XLINK_NS, 'href'),
    copy(node, 'data-ezview', null, 'view'),
    ezClass(node),
    copy(node, 'data-ezalign', EZXHTML_NS, 'align'),
  ];
  const children = node.children.flatMap((child) => (child.type === 'element' ? convertInline([child]) : []));
  return docbook(name, attributes, [...ezAttribute(node), ...children]);
}

function convertTemplate(node: XmlElement, name: 'eztemplate' | 'eztemplateinline'): XmlElement {
  const isStyle = attributeOf(node, null, 'data-eztype') === 'style';
  const content: XmlNode[] = isStyle
    ? [docbook('ezcontent', [], convertInline(node.children))]
    : node.children.flatMap((child) => {
        if (child.type !== 'element') return [];
        if (attributeOf(child, null, 'data-ezelement') !== 'ezcontent') return convertInline([child]);
        const inner = name === 'eztemplate' ? convertBlocks(child.children) : convertInline(child.children);
        return [docbook('ezcontent', [], inner)];
      });
  const attributes = [
    copy(node, 'data-ezname', null, 'name'),
    copy(node, 'data-eztype', null, 'type'),
    ezClass(node),
    id(node),
    copy(node, 'data-ezalign', EZXHTML_NS, 'align'),
  ];
  return docbook(name, attributes, content);
}

function emphasis(node: XmlElement, role: string | null, extraAttributes: Attributes = []): XmlElement {
  const roleAttribute = role === null ? null : { ns: null, name: 'role', value: role };
  return docbook('emphasis', [roleAttribute, ...extraAttributes, ezClass(node)], [
    ...ezAttribute(node),
    ...convertInline(node.children),
  ]);
}

function convertLink(node: XmlElement): XmlNode[] {
  const href = attributeOf(node, null, 'href');
  const showValue = attributeOf(node, null, 'target') === '_blank' ? 'new' : 'none';
  const show = { ns: XLINK_NS, name: 'show', value: showValue };
  const title = copy(node, 'title', XLINK_NS, 'title');
  if (attributeOf(node, null, 'data-ezelement') === 'ezlink') {
    return [docbook('ezlink', [copy(node, 'href', XLINK_NS, 'href'), show, title, id(node), ezClass(node)])];
  }
  if (href !== undefined) {
    const attributes = [{ ns: XLINK_NS, name: 'href', value: href }, show, id(node), title, ezClass(node)];
    return [docbook('link', attributes, [...ezAttribute(node), ...convertInline(node.children)])];
  }
  const anchor = attributeOf(node, null, 'id') ?? attributeOf(node, null, 'name');
  const children = convertInline(node.children);
  if (anchor === undefined) return children;
  return [docbook('anchor', [{ ns: XML_NS, name: 'id', value: anchor }]), ...children];
}

function convertSpan(node: XmlElement): XmlNode[] {
  const kind = attributeOf(node, null, 'data-ezelement');
  const style = attributeOf(node, null, 'style') ?? '';
  if (kind === 'ezembedinline') return [convertEmbed(node, 'ezembedinline')];
  if (kind === 'eztemplateinline') return [convertTemplate(node, 'eztemplateinline')];
  if (kind === 'ezconfig') return [docbook('ezconfig', [], convertInline(node.children))];
  if (kind === 'ezvalue') {
    return [docbook('ezvalue', [copy(node, 'data-ezvalue-key', null, 'key')], convertInline(node.children))];
  }
  // Pasted content: Ibexa maps bold and italic spans to emphasis.
  if (style.includes('bold')) return [emphasis(node, 'strong')];
  if (style.includes('italic')) return [emphasis(node, null)];
  return convertInline(node.children);
}

function convertInline(nodes: readonly XmlNode[]): XmlNode[] {
  return nodes.flatMap((node): XmlNode[] => {
    if (node.type === 'text') return [text(node.text)];
    if (node.ns !== XHTML5_EDIT_NS) return convertInline(node.children);
    switch (node.name) {
      case 'br':
        return [text('\n')];
      case 'em':
      case 'i':
        return [emphasis(node, null)];
      case 'strong':
      case 'b':
        return [emphasis(node, 'strong')];
      case 'u':
        return [emphasis(node, 'underlined')];
      case 's':
        return [emphasis(node, 'strikedthrough')];
      case 'del':
        return [emphasis(node, 'strikedthrough', [{ ns: null, name: 'revisionflag', value: 'deleted' }])];
      case 'sub':
        return [docbook('subscript', [], [...ezAttribute(node), ...convertInline(node.children)])];
      case 'sup':
        return [docbook('superscript', [], [...ezAttribute(node), ...convertInline(node.children)])];
      case 'a':
        return convertLink(node);
      case 'span':
        return convertSpan(node);
      default:
        return isBlock(node) ? convertBlock(node) : convertInline(node.children);
    }
  });
}

/**
 * Converts an XHTML5 edit tree (root `section` in the edit namespace) to a DocBook `section` tree.
 * @throws FieldValueError (target `xml`) for another root.
 */
export function xhtml5EditTreeToDocbook(root: XmlElement): XmlElement {
  if (!isElement(root, XHTML5_EDIT_NS, 'section')) {
    throw new FieldValueError('An XHTML5 edit document must have a <section> root in the edit namespace', 'xml');
  }
  return docbook('section', [{ ns: null, name: 'version', value: DOCBOOK_VERSION }], convertBlocks(root.children));
}

/**
 * Converts an XHTML5 edit document to DocBook (Ibexa's rich text input conversion).
 * @throws FieldValueError (target `xml`) for malformed XML or a wrong root.
 */
export function xhtml5EditToDocbook(xml: string): string {
  return serializeXml(xhtml5EditTreeToDocbook(parseXml(xml)), DOCBOOK_NS, DOCBOOK_PREFIXES);
}
