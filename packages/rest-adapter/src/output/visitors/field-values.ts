import { docbookToXhtml5Edit, type Field, type Hash } from '@contentrepo/core';
import type { VisitContext } from './visit-context.js';

type HashObject = { readonly [key: string]: Hash };

/** Whether a hash is a map (not a scalar, null or list). */
export const isObject = (hash: Hash): hash is HashObject => typeof hash === 'object' && hash !== null && !Array.isArray(hash);

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
 * The REST `fieldValue` of a field (rest.md §4.3): the field type's hash plus what REST adds (Ibexa's REST
 * field type processors): image `imageId`, `path` and `variations`; absolute binary file `uri`/`url`; relation
 * hrefs; rich text `xhtml5edit`.
 */
export function fieldValueHash(field: Field, contentId: number, versionNo: number, context: VisitContext): Hash {
  const hash = context.fieldTypes.get(field.fieldTypeIdentifier).toHash(field.value);
  if (!isObject(hash)) return hash;
  switch (field.fieldTypeIdentifier) {
    case 'ezimage': {
      const imageId = `${contentId}-${field.id}-${versionNo}`;
      const inputUri = typeof hash['inputUri'] === 'string' ? hash['inputUri'] : '';
      return {
        ...hash,
        imageId,
        path: `/${inputUri}`,
        variations: Object.fromEntries(
          context.imageVariations.map((alias) => [alias, { href: context.hrefs.imageVariation(imageId, alias) }]),
        ),
      };
    }
    case 'ezbinaryfile': {
      const uri = typeof hash['uri'] === 'string' ? `${context.origin}${hash['uri']}` : null;
      return { ...hash, uri, url: uri };
    }
    case 'ezobjectrelation': {
      const id = hash['destinationContentId'];
      return { ...hash, destinationContentHref: typeof id === 'number' ? context.hrefs.content(id) : null };
    }
    case 'ezobjectrelationlist': {
      const ids = hash['destinationContentIds'];
      const hrefs = Array.isArray(ids) ? ids.flatMap((id: Hash) => (typeof id === 'number' ? [context.hrefs.content(id)] : [])) : [];
      return { ...hash, destinationContentHrefs: hrefs };
    }
    case 'ezrichtext': {
      const xml = hash['xml'];
      return typeof xml === 'string' ? { ...hash, xhtml5edit: xhtml5Edit(xml) } : hash;
    }
    default:
      return hash;
  }
}
