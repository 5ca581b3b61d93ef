import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, isRecord, optionalString, rejectUnknownKeys } from '../shared/decode.js';
import { NO_SEARCH_DATA } from '../shared/search.js';
import { validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';

/** A URL with its link text. */
export interface Url {
  readonly link: string;
  readonly text: string;
}

/** Value of a URL field, or null when empty. */
export type UrlValue = Url | null;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Whether a link is usable: no whitespace or control characters, and when it has a scheme it parses as an
 * absolute URL. Relative links (`/about`, `#top`, `page.html`) are allowed, as in Ibexa.
 */
export function isValidLink(link: string): boolean {
  if (/[\s\u0000-\u001f\u007f]/.test(link)) return false;
  if (!SCHEME.test(link)) return true;
  return URL.canParse(link);
}

/**
 * URL (`ezurl` / `ibexa_url`). REST hash `{link, text}` or null; input `{link, text?}` or a bare link
 * string. Ibexa has no URL validator; this one rejects links with whitespace or an unparsable scheme URL
 * (target `link`). Not searchable: Legacy has no index column for it.
 */
export const urlFieldType: FieldType<UrlValue> = {
  identifier: 'ezurl',
  aliases: ['ibexa_url'],
  searchable: false,

  emptyValue: () => null,
  isEmpty: (value) => value === null || value.link === '',
  fromHash(input) {
    if (input === null || input === undefined) return null;
    if (typeof input === 'string') return input.trim() === '' ? null : { link: input.trim(), text: '' };
    if (!isRecord(input)) throw invalidInput('a URL hash {link, text}', input);
    rejectUnknownKeys(input, ['link', 'text'], 'URL');
    const link = optionalString(input, 'link', 'URL')?.trim() ?? '';
    const text = optionalString(input, 'text', 'URL') ?? '';
    if (link === '') {
      if (text !== '') throw new FieldValueError("A URL with a text needs a 'link'", 'link');
      return null;
    }
    return { link, text };
  },
  toHash: (value) => (value === null || value.link === '' ? null : { link: value.link, text: value.text }),
  validate(value) {
    if (value === null || isValidLink(value.link)) return [];
    return [{ target: 'link', message: `The URL '${value.link}' is invalid.` }];
  },
  toStorage: (value) => (value === null ? null : { link: value.link, text: value.text }),
  fromStorage(data) {
    if (data === null) return null;
    if (isRecord(data) && typeof data['link'] === 'string' && typeof data['text'] === 'string') {
      return { link: data['link'], text: data['text'] };
    }
    throw new FieldValueError('Invalid URL storage data: expected {link, text} or null');
  },
  getName: (value) => value?.text ?? '',
  toSearchData: () => NO_SEARCH_DATA,

  defaultFieldSettings: () => ({}),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) => validateSettingsSchema(settings, {}),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
