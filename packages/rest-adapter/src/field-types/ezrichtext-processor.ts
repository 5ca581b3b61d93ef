import { docbookToXhtml5Edit } from '@contentrepo/core';
import type { FieldTypeProcessor } from './field-type-processor.js';

const XHTML5_CACHE_SIZE = 512;
const xhtml5Cache = new Map<string, string>();

/** `docbookToXhtml5Edit` with a small LRU: the same document is converted once, not on every read. */
function xhtml5Edit(docbook: string): string {
  const cached = xhtml5Cache.get(docbook);
  if (cached !== undefined) {
    xhtml5Cache.delete(docbook);
    xhtml5Cache.set(docbook, cached);
    return cached;
  }
  const converted = docbookToXhtml5Edit(docbook);
  if (xhtml5Cache.size >= XHTML5_CACHE_SIZE) {
    const oldest = xhtml5Cache.keys().next().value;
    if (oldest !== undefined) xhtml5Cache.delete(oldest);
  }
  xhtml5Cache.set(docbook, converted);
  return converted;
}

/**
 * Rich text (`ezrichtext`, Ibexa's `RichTextProcessor`): adds `xhtml5edit`, the DocBook `xml` in the online
 * editor's XHTML5 form (converted once per document: a 512-entry LRU cache).
 */
export const richTextProcessor: FieldTypeProcessor = {
  fieldTypeIdentifier: 'ezrichtext',
  outputHash: (hash) => {
    const xml = hash['xml'];
    return typeof xml === 'string' ? { ...hash, xhtml5edit: xhtml5Edit(xml) } : hash;
  },
};
