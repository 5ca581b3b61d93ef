import { FieldValueError, type FieldType } from '../field-type.js';
import { invalidInput, isRecord, optionalString, rejectUnknownKeys, toInteger } from '../shared/decode.js';
import { NO_SEARCH_DATA, toSortKeyString } from '../shared/search.js';
import { settingChecks, validateSettingsSchema, validateValidatorSchema } from '../shared/settings.js';

/** One author: a positive id unique within the field, a name and an e-mail address. */
export interface Author {
  readonly id: number;
  readonly name: string;
  readonly email: string;
}

/** Value of an Authors field: the authors in order; the empty list is empty. */
export type AuthorValue = readonly Author[];

/** `defaultAuthor` names, in order of Ibexa's integer constants (0 = empty, 1 = current user). */
export const AUTHOR_DEFAULT_TYPES = ['DEFAULT_VALUE_EMPTY', 'DEFAULT_CURRENT_USER'] as const;

/**
 * Decodes authors; a missing id becomes one more than the highest id so far (Ibexa's AuthorCollection).
 * @throws FieldValueError for non-lists, non-objects, duplicate ids and wrongly typed properties.
 */
function authorsFrom(input: unknown): Author[] {
  if (!Array.isArray(input)) throw invalidInput('a list of authors {id, name, email}', input);
  const authors: Author[] = [];
  for (const item of input) {
    if (!isRecord(item)) throw invalidInput('each author to be a hash {id, name, email}', item);
    rejectUnknownKeys(item, ['id', 'name', 'email'], 'author');
    const rawId = item['id'];
    const givenId = rawId === undefined || rawId === null || rawId === -1 ? undefined : toInteger(rawId);
    if (rawId !== undefined && rawId !== null && rawId !== -1 && (givenId === undefined || givenId < 1)) {
      throw invalidInput("author 'id' to be a positive integer", rawId, 'id');
    }
    const id = givenId ?? authors.reduce((max, author) => Math.max(max, author.id), 0) + 1;
    if (authors.some((author) => author.id === id)) throw new FieldValueError(`Duplicate author id ${id}`, 'id');
    authors.push({
      id,
      name: optionalString(item, 'name', 'author') ?? '',
      email: optionalString(item, 'email', 'author') ?? '',
    });
  }
  return authors;
}

/**
 * Authors (`ezauthor` / `ibexa_author`). REST hash: list of `{id, name, email}`, `[]` when empty.
 * Setting `defaultAuthor` (`DEFAULT_VALUE_EMPTY` | `DEFAULT_CURRENT_USER`, or Ibexa's integers 0/1; upstream
 * REST emits the integer). Name: the first author's name (Ibexa). Search: lower-cased names as elements;
 * sorted names joined with `,` as sort key (Legacy); names and e-mails as full text.
 */
export const authorFieldType: FieldType<AuthorValue> = {
  identifier: 'ezauthor',
  aliases: ['ibexa_author'],
  searchable: true,
  searchFamily: 'collection',

  emptyValue: () => [],
  isEmpty: (value) => value.length === 0,
  fromHash: (input) => (input === null || input === undefined ? [] : authorsFrom(input)),
  toHash: (value) => value.map((author) => ({ id: author.id, name: author.name, email: author.email })),
  validate: () => [],
  toStorage: (value) => value.map((author) => ({ id: author.id, name: author.name, email: author.email })),
  fromStorage(data) {
    try {
      return authorsFrom(data);
    } catch {
      throw new FieldValueError('Invalid author storage data: expected a list of {id, name, email}');
    }
  },
  getName: (value) => value[0]?.name ?? '',
  toSearchData(value) {
    if (value.length === 0) return { ...NO_SEARCH_DATA, elements: [] };
    const names = value.map((author) => author.name.toLowerCase());
    return {
      sortKeyInt: null,
      sortKeyString: toSortKeyString([...names].sort().join(',')),
      fullText: value.map((author) => `${author.name} ${author.email}`.trim()).join(' '),
      elements: names,
    };
  },

  defaultFieldSettings: () => ({ defaultAuthor: 0 }),
  defaultValidatorConfiguration: () => ({}),
  validateFieldSettings: (settings) =>
    validateSettingsSchema(settings, { defaultAuthor: settingChecks.choice(AUTHOR_DEFAULT_TYPES) }),
  validateValidatorConfiguration: (configuration) => validateValidatorSchema(configuration, {}),
};
