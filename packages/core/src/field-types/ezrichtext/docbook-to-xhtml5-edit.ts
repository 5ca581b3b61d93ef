import { FieldValueError } from '../field-type.js';
import { normaliseDocbook } from './docbook.js';
import {
  attributeOf,
  DOCBOOK_NS,
  element,
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
 * DocBook (Ibexa's rich text storage format) → XHTML5 "edit" (the Online Editor format), after Ibexa's
 * `docbook/xhtml5/edit/core.xsl` for the common elements: para→p, title→h1–h6 (`ezxhtml:level`, else the section
 * depth), emphasis→em/strong/u/s/del by `role`, link→a, anchor→a[id], itemizedlist/orderedlist/listitem→ul/ol/li,
 * programlisting→pre, literallayout→line breaks inside a paragraph (a block-level one becomes pre),
 * blockquote, informaltable/table with rows and cells, ezembed/ezembedinline/eztemplate/ezconfig as
 * `data-ezelement` divs and spans, and `ezattribute` values as `data-ezattribute-*`. Unknown elements are
 * replaced by their content.
 */

interface Context {
  readonly sectionDepth: number;
  /** Inside a literallayout: newlines in text become `<br/>`. */
  readonly literal: boolean;
  /** Inside a para or title, where a literallayout holds lines of the paragraph. */
  readonly paragraph: boolean;
  /** Inside an inline template (its ezcontent is a span). */
  readonly inlineTemplate: boolean;
}

const attr = (name: string, value: string): XmlAttribute => ({ ns: null, name, value });

function xhtml(
  name: string,
  attributes: readonly (XmlAttribute | null)[],
  children: readonly XmlNode[] = [],
): XmlElement {
  const present = attributes.filter((attribute): attribute is XmlAttribute => attribute !== null);
  return element(XHTML5_EDIT_NS, name, present, children);
}

/** `target` ← DocBook attribute, or null when absent. */
function copy(node: XmlElement, ns: string | null, name: string, target: string): XmlAttribute | null {
  const value = attributeOf(node, ns, name);
  return value === undefined ? null : attr(target, value);
}

function idAndClass(node: XmlElement): (XmlAttribute | null)[] {
  return [copy(node, XML_NS, 'id', 'id'), copy(node, EZXHTML_NS, 'class', 'class')];
}

function textAlign(node: XmlElement): XmlAttribute | null {
  const align = attributeOf(node, EZXHTML_NS, 'textalign');
  return align === undefined ? null : attr('style', `text-align:${align};`);
}

/** `data-ezattribute-<key>` attributes from an `ezattribute` child. */
function ezAttributes(node: XmlElement): XmlAttribute[] {
  const holder = node.children.find((child) => isElement(child, DOCBOOK_NS, 'ezattribute'));
  if (holder === undefined || holder.type !== 'element') return [];
  return holder.children.flatMap((value) => {
    const key = value.type === 'element' ? attributeOf(value, null, 'key') : undefined;
    return key === undefined ? [] : [attr(`data-ezattribute-${key}`, textContent(value))];
  });
}

function breakLines(value: string): XmlNode[] {
  return value.split('\n').flatMap((line, index) => (index === 0 ? [text(line)] : [xhtml('br', []), text(line)]));
}

const NUMERATION_STYLES: Readonly<Record<string, string>> = {
  arabic: 'decimal',
  arabicleadingzero: 'decimal-leading-zero',
  lowerroman: 'lower-roman',
  upperroman: 'upper-roman',
  loweralpha: 'lower-latin',
  upperalpha: 'upper-latin',
};

function cellStyle(node: XmlElement): XmlAttribute | null {
  const width = attributeOf(node, EZXHTML_NS, 'width');
  const valign = attributeOf(node, null, 'valign');
  const style = [
    width === undefined ? '' : `width:${width}${width.endsWith('%') ? '' : 'px'};`,
    valign === undefined ? '' : `vertical-align:${valign};`,
  ].join('');
  return style === '' ? null : attr('style', style);
}

function tableStyle(node: XmlElement): XmlAttribute | null {
  const width = attributeOf(node, null, 'width');
  const border = attributeOf(node, null, 'style');
  const style = [width === undefined ? '' : `width:${width}${width.endsWith('%') ? '' : 'px'};`, border ?? ''].join('');
  return style === '' ? null : attr('style', style);
}

function embedAttributes(node: XmlElement, kind: string): (XmlAttribute | null)[] {
  return [
    attr('data-ezelement', kind),
    copy(node, XML_NS, 'id', 'id'),
    copy(node, XLINK_NS, 'href', 'data-href'),
    copy(node, null, 'view', 'data-ezview'),
    copy(node, EZXHTML_NS, 'class', 'class'),
    copy(node, EZXHTML_NS, 'align', 'data-ezalign'),
  ];
}

function convertChildren(nodes: readonly XmlNode[], context: Context): XmlNode[] {
  return nodes.flatMap((node) => convertNode(node, context));
}

function convertNode(node: XmlNode, context: Context): XmlNode[] {
  if (node.type === 'text') return context.literal ? breakLines(node.text) : [text(node.text)];
  if (node.ns !== DOCBOOK_NS) return convertChildren(node.children, context);
  const children = (inner: Context = context): XmlNode[] => convertChildren(node.children, inner);
  const extra = ezAttributes(node);
  switch (node.name) {
    case 'section':
      return [xhtml('section', [], children({ ...context, sectionDepth: context.sectionDepth + 1 }))];
    case 'para': {
      const attributes = [...idAndClass(node), textAlign(node), ...extra];
      return [xhtml('p', attributes, children({ ...context, paragraph: true }))];
    }
    case 'title': {
      const level = Number(attributeOf(node, EZXHTML_NS, 'level') ?? context.sectionDepth);
      const tag = `h${Math.min(Math.max(Number.isInteger(level) ? level : 1, 1), 6)}`;
      const attributes = [...idAndClass(node), textAlign(node), ...extra];
      return [xhtml(tag, attributes, children({ ...context, paragraph: true }))];
    }
    case 'literallayout':
      return context.paragraph
        ? children({ ...context, literal: true })
        : [xhtml('pre', [...idAndClass(node)], [text(textContent(node))])];
    case 'emphasis': {
      const role = attributeOf(node, null, 'role');
      const tag =
        role === 'strong' ? 'strong'
        : role === 'underlined' ? 'u'
        : role === 'strikedthrough' ? (attributeOf(node, null, 'revisionflag') === 'deleted' ? 'del' : 's')
        : 'em';
      return [xhtml(tag, [copy(node, EZXHTML_NS, 'class', 'class'), ...extra], children())];
    }
    case 'subscript':
      return [xhtml('sub', extra, children())];
    case 'superscript':
      return [xhtml('sup', extra, children())];
    case 'link': {
      if (attributeOf(node, XLINK_NS, 'href') === undefined) return children();
      const target = attributeOf(node, XLINK_NS, 'show') === 'new' ? attr('target', '_blank') : null;
      const attributes = [
        copy(node, XLINK_NS, 'href', 'href'),
        target,
        copy(node, XML_NS, 'id', 'id'),
        copy(node, XLINK_NS, 'title', 'title'),
        copy(node, EZXHTML_NS, 'class', 'class'),
      ];
      return [xhtml('a', [...attributes, ...extra], children())];
    }
    case 'anchor':
      return [xhtml('a', [copy(node, XML_NS, 'id', 'id')])];
    case 'itemizedlist': {
      const mark = attributeOf(node, null, 'mark');
      const style = mark === undefined ? null : attr('style', `list-style-type:${mark};`);
      return [xhtml('ul', [...idAndClass(node), style, ...extra], children())];
    }
    case 'orderedlist': {
      const numeration = NUMERATION_STYLES[attributeOf(node, null, 'numeration') ?? ''];
      const style = numeration === undefined ? null : attr('style', `list-style-type:${numeration};`);
      return [xhtml('ol', [...idAndClass(node), style, ...extra], children())];
    }
    case 'listitem':
      return [xhtml('li', [copy(node, EZXHTML_NS, 'class', 'class'), ...extra], children())];
    case 'programlisting':
      const language = copy(node, null, 'language', 'data-language');
      return [xhtml('pre', [...idAndClass(node), language, ...extra], [text(textContent(node))])];
    case 'blockquote':
      return [xhtml('blockquote', extra, children())];
    case 'informaltable':
    case 'table': {
      const attributes = [
        copy(node, XML_NS, 'id', 'id'),
        copy(node, null, 'class', 'class'),
        tableStyle(node),
        copy(node, null, 'border', 'border'),
        copy(node, null, 'title', 'title'),
      ];
      return [xhtml('table', [...attributes, ...extra], children())];
    }
    case 'caption':
      return [xhtml('caption', [], [text(textContent(node))])];
    case 'thead':
    case 'tbody':
    case 'tfoot':
      return [xhtml(node.name, [], children())];
    case 'tr':
      return [xhtml('tr', [copy(node, null, 'class', 'class'), ...extra], children())];
    case 'td':
    case 'th': {
      const attributes = [
        copy(node, null, 'class', 'class'),
        cellStyle(node),
        copy(node, null, 'colspan', 'colspan'),
        copy(node, null, 'rowspan', 'rowspan'),
        copy(node, null, 'scope', 'scope'),
        copy(node, null, 'abbr', 'abbr'),
      ];
      return [xhtml(node.name, [...attributes, ...extra], children())];
    }
    case 'ezembed':
      return [xhtml('div', [...embedAttributes(node, 'ezembed'), ...extra], children())];
    case 'ezembedinline':
      return [xhtml('span', [...embedAttributes(node, 'ezembedinline'), ...extra], children())];
    case 'ezconfig':
      return [xhtml('span', [attr('data-ezelement', 'ezconfig')], children())];
    case 'ezvalue': {
      const key = copy(node, null, 'key', 'data-ezvalue-key');
      return [xhtml('span', [attr('data-ezelement', 'ezvalue'), key], children())];
    }
    case 'ezlink': {
      const target = attributeOf(node, XLINK_NS, 'show') === 'new' ? attr('target', '_blank') : null;
      const attributes = [
        attr('data-ezelement', 'ezlink'),
        copy(node, XLINK_NS, 'href', 'href'),
        target,
        copy(node, XLINK_NS, 'title', 'title'),
        copy(node, XML_NS, 'id', 'id'),
        copy(node, EZXHTML_NS, 'class', 'class'),
      ];
      return [xhtml('a', attributes)];
    }
    case 'eztemplate':
    case 'eztemplateinline': {
      const inline = node.name === 'eztemplateinline';
      const attributes = [
        attr('data-ezelement', node.name),
        copy(node, null, 'name', 'data-ezname'),
        copy(node, null, 'type', 'data-eztype'),
        copy(node, EZXHTML_NS, 'class', 'class'),
        copy(node, XML_NS, 'id', 'id'),
        copy(node, EZXHTML_NS, 'align', 'data-ezalign'),
      ];
      return [xhtml(inline ? 'span' : 'div', attributes, children({ ...context, inlineTemplate: inline }))];
    }
    case 'ezcontent':
      return [xhtml(context.inlineTemplate ? 'span' : 'div', [attr('data-ezelement', 'ezcontent')], children())];
    case 'ezattribute':
      return [];
    default:
      return children();
  }
}

/**
 * Converts a DocBook tree (root `section`) to an XHTML5 edit `section` tree.
 * @throws FieldValueError (target `xml`) when the root is not a DocBook section.
 */
export function docbookTreeToXhtml5Edit(root: XmlElement): XmlElement {
  if (!isElement(root, DOCBOOK_NS, 'section')) {
    throw new FieldValueError('Rich text must be a DocBook <section> document', 'xml');
  }
  const context: Context = { sectionDepth: 1, literal: false, paragraph: false, inlineTemplate: false };
  return xhtml('section', [], convertChildren(normaliseDocbook(root).children, context));
}

/**
 * Converts a DocBook document to an XHTML5 edit document (`<section xmlns="http://ibexa.co/namespaces/
 * ezpublish5/xhtml5/edit">…</section>`), as the REST `xhtml5edit` output of rich text fields.
 * @throws FieldValueError (target `xml`) for malformed XML or a root other than a DocBook section.
 */
export function docbookToXhtml5Edit(xml: string): string {
  return serializeXml(docbookTreeToXhtml5Edit(parseXml(xml)), XHTML5_EDIT_NS);
}
