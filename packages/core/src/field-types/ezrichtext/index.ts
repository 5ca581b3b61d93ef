import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, isRecord } from '../shared/decode.js';
import { NO_SEARCH_DATA, toSortKeyString } from '../shared/search.js';
import { validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';
import { normaliseDocbook } from './docbook.js';
import { richTextRelations } from './internal-links.js';
import { docbookFirstBlockText, docbookTextLines } from './plain-text.js';
import { xhtml5EditTreeToDocbook } from './xhtml5-edit-to-docbook.js';
import {
  DOCBOOK_NS,
  DOCBOOK_PREFIXES,
  DOCBOOK_VERSION,
  element,
  isElement,
  parseXml,
  serializeXml,
  XHTML5_EDIT_NS,
  type XmlElement,
} from './xml.js';

export { docbookToXhtml5Edit } from './docbook-to-xhtml5-edit.js';
export { xhtml5EditToDocbook } from './xhtml5-edit-to-docbook.js';
export { richTextPlainText } from './plain-text.js';

/** Value of a Rich text field: a DocBook 5 document (Ibexa's `ezpublish-1.0` variant), serialised canonically. */
export interface RichTextValue {
  readonly xml: string;
}

/** The empty rich text document: a DocBook section without content. */
export const EMPTY_RICH_TEXT_XML = serializeXml(
  element(DOCBOOK_NS, 'section', [{ ns: null, name: 'version', value: DOCBOOK_VERSION }]),
  DOCBOOK_NS,
  DOCBOOK_PREFIXES,
);

/** Parses stored or input XML into a normalised DocBook tree (XHTML5 edit input is converted). */
function docbookTree(xml: string): XmlElement {
  const root = parseXml(xml);
  if (isElement(root, XHTML5_EDIT_NS, 'section')) return normaliseDocbook(xhtml5EditTreeToDocbook(root));
  if (!isElement(root, DOCBOOK_NS, 'section')) {
    throw new FieldValueError(
      `Rich text XML must be a DocBook <section xmlns="${DOCBOOK_NS}"> or an XHTML5 edit <section xmlns="${XHTML5_EDIT_NS}">`,
      'xml',
    );
  }
  return normaliseDocbook(root);
}

function fromXml(xml: string): RichTextValue {
  return { xml: serializeXml(docbookTree(xml), DOCBOOK_NS, DOCBOOK_PREFIXES) };
}

function isEmptyDocument(xml: string): boolean {
  return xml === EMPTY_RICH_TEXT_XML || docbookTree(xml).children.length === 0;
}

/**
 * Rich text (`ezrichtext` / `ibexa_richtext`). REST hash out `{xml}` (REST adds `xhtml5edit` with
 * `docbookToXhtml5Edit`); input `{xml}` — the key is required — holding DocBook or an XHTML5 edit document
 * (converted), or a bare XML string. The XML is parsed, checked (root element and namespace; no DTD) and
 * stored in canonical form. Empty: a section without content. Name: the text of the first block; search: the
 * plain text as full text and (lower-cased, first 255 characters) sort key. No settings or validators.
 * Relations: `ezcontent://` / `ezlocation://` targets of `link`/`ezlink` (LINK) and `ezembed`/`ezembedinline`
 * (EMBED); the content service checks that LINK targets exist (Ibexa's internal link validator).
 */
export const richTextFieldType: FieldType<RichTextValue> = {
  identifier: 'ezrichtext',
  aliases: ['ibexa_richtext'],
  searchable: true,
  searchFamily: 'text',

  emptyValue: () => ({ xml: EMPTY_RICH_TEXT_XML }),
  isEmpty: (value) => isEmptyDocument(value.xml),
  fromHash(input) {
    if (input === null || input === undefined) return { xml: EMPTY_RICH_TEXT_XML };
    if (typeof input === 'string') return fromXml(input);
    if (!isRecord(input)) throw invalidInput('a rich text hash {xml}', input);
    const xml = input['xml'];
    if (xml === undefined || xml === null) throw new FieldValueError("'xml' index is missing in hash.", 'xml');
    if (typeof xml !== 'string') throw invalidInput("rich text 'xml' to be a string", xml, 'xml');
    return fromXml(xml);
  },
  toHash: (value) => ({ xml: value.xml }),
  validate: () => [],
  relations: (value) => (value.xml === EMPTY_RICH_TEXT_XML ? [] : richTextRelations(docbookTree(value.xml))),
  toStorage: (value) => ({ xml: value.xml }),
  fromStorage(data) {
    if (isRecord(data) && typeof data['xml'] === 'string') return { xml: data['xml'] };
    throw new FieldValueError('Invalid rich text storage data: expected {xml}');
  },
  getName: (value) => docbookFirstBlockText(docbookTree(value.xml)),
  toSearchData(value) {
    if (value.xml === EMPTY_RICH_TEXT_XML) return NO_SEARCH_DATA;
    const plain = docbookTextLines(docbookTree(value.xml)).join('\n');
    if (plain === '') return NO_SEARCH_DATA;
    return { sortKeyInt: null, sortKeyString: toSortKeyString(plain.replace(/\s+/g, ' ')), fullText: plain };
  },

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
