import { useMemo } from 'preact/hooks';
import { isRecord } from '../api/api-error.js';

/**
 * Rich text (`ezrichtext`): shown from the API's `xhtml5edit` form (Ibexa's HTML5 edit format), through an allowlist
 * of elements and attributes, built as DOM nodes (never as an HTML string), so stored markup cannot run script.
 */

const ALLOWED = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'code', 'pre', 'blockquote', 'br', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span']);
const EDIT_NAMESPACE = 'http://ibexa.co/namespaces/ezpublish5/xhtml5/edit';

function copyAllowed(source: Node, target: Node): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(document.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      const element = child as Element;
      const name = element.localName.toLowerCase();
      if (!ALLOWED.has(name)) {
        copyAllowed(element, target);
        continue;
      }
      const copy = document.createElement(name);
      const href = element.getAttribute('href');
      if (name === 'a' && href !== null && /^(https?:|mailto:|\/)/i.test(href)) copy.setAttribute('href', href);
      copyAllowed(element, copy);
      target.appendChild(copy);
    }
  }
}

/** The `xhtml5edit` document of a rich text value, or undefined when the value has none. */
function editForm(value: unknown): Document | undefined {
  if (!isRecord(value) || typeof value['xhtml5edit'] !== 'string') return undefined;
  const document = new DOMParser().parseFromString(value['xhtml5edit'], 'application/xml');
  return document.getElementsByTagName('parsererror').length > 0 ? undefined : document;
}

/** A rich text value rendered as safe HTML. */
export function RichTextView(props: { readonly value: unknown }) {
  const nodes = useMemo(() => {
    const source = editForm(props.value);
    const container = document.createElement('div');
    if (source?.documentElement) copyAllowed(source.documentElement, container);
    return container;
  }, [props.value]);
  if (nodes.childNodes.length === 0) return <span class="empty">empty</span>;
  return <div class="rich-text" ref={(element) => element?.replaceChildren(...Array.from(nodes.cloneNode(true).childNodes))} />;
}

/** The text of a rich text value as plain paragraphs separated by blank lines (what the editor shows). */
export function richTextToParagraphs(value: unknown): string {
  const source = editForm(value);
  if (!source?.documentElement) return '';
  return Array.from(source.documentElement.children)
    .map((block) => (block.textContent ?? '').trim())
    .filter((text) => text !== '')
    .join('\n\n');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain paragraphs (separated by blank lines) as a rich text input value, in the HTML5 edit format the API converts. */
export function paragraphsToRichText(text: string): { readonly xml: string } {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  const body = paragraphs.map((paragraph) => `<p>${escapeXml(paragraph).replace(/\n/g, '<br/>')}</p>`).join('');
  return { xml: `<?xml version="1.0" encoding="UTF-8"?>\n<section xmlns="${EDIT_NAMESPACE}">${body}</section>\n` };
}
