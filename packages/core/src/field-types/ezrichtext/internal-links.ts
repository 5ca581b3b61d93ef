import type { FieldRelationTarget } from '../field-type.js';
import { attributeOf, DOCBOOK_NS, isElement, XLINK_NS, type XmlElement } from './xml.js';

/** DocBook elements whose `xlink:href` is a LINK relation (Ibexa rich text `RelationProcessor`). */
const LINK_TAGS = ['link', 'ezlink'];
/** DocBook elements whose `xlink:href` is an EMBED relation. */
const EMBED_TAGS = ['ezembedinline', 'ezembed'];
/** `ezcontent://<id>` or `ezlocation://<id>`, optionally followed by an `#anchor` (Ibexa's internal link form). */
const INTERNAL_LINK = /^(ezcontent|ezlocation):\/\/([^#]*)(#.*|\s*)?$/;

/** An internal link of a rich text document: its scheme, the id it names and the href as written. */
export interface InternalLink {
  readonly scheme: 'ezcontent' | 'ezlocation';
  readonly id: number;
  readonly href: string;
}

function collect(root: XmlElement, tags: readonly string[], found: InternalLink[]): void {
  for (const child of root.children) {
    if (child.type !== 'element') continue;
    if (isElement(child, DOCBOOK_NS, ...tags)) {
      const href = attributeOf(child, XLINK_NS, 'href') ?? '';
      const match = INTERNAL_LINK.exec(href);
      const id = match?.[2] === undefined || !/^\d+$/.test(match[2]) ? 0 : Number(match[2]);
      if (match && id > 0) found.push({ scheme: match[1] === 'ezlocation' ? 'ezlocation' : 'ezcontent', id, href });
    }
    collect(child, tags, found);
  }
}

/**
 * The `ezcontent://` and `ezlocation://` links of a DocBook tree found on `link`/`ezlink` elements (`kind`
 * `LINK`) or `ezembed`/`ezembedinline` elements (`EMBED`), in document order. Links without a numeric id are
 * skipped, as Ibexa skips empty ids.
 */
export function internalLinks(root: XmlElement, kind: 'LINK' | 'EMBED'): InternalLink[] {
  const found: InternalLink[] = [];
  collect(root, kind === 'LINK' ? LINK_TAGS : EMBED_TAGS, found);
  return found;
}

/**
 * The relations of a rich text document (Ibexa `RichText\Type::getRelations`): LINK targets, then EMBED targets;
 * for each, the locations and then the contents, each id once.
 */
export function richTextRelations(root: XmlElement): FieldRelationTarget[] {
  const relations: FieldRelationTarget[] = [];
  for (const type of ['LINK', 'EMBED'] as const) {
    const links = internalLinks(root, type);
    const locationIds = new Set(links.filter((link) => link.scheme === 'ezlocation').map((link) => link.id));
    const contentIds = new Set(links.filter((link) => link.scheme === 'ezcontent').map((link) => link.id));
    for (const locationId of locationIds) relations.push({ type, locationId });
    for (const contentId of contentIds) relations.push({ type, contentId });
  }
  return relations;
}
