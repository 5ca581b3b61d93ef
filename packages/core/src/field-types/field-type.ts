import type { FieldDefinition, Hash } from '../api/values/content-type.js';
import { InvalidArgumentError, type ValidationError } from '../errors/repository-error.js';

/**
 * How the Field criterion compares a field type's index data (Ibexa Legacy's criterion handlers by field type;
 * decided in docs/adr/0004-search-semantics.md "Field families"). Each searchable field type states its own family
 * ({@link FieldType}`.searchFamily`); core copies it onto every index entry it builds and onto every Field target it
 * resolves, so that search engines compare the entries of each type the same way.
 *
 * - `integer` (Legacy "simple" types on `sort_key_int`: boolean, date, datetime, integer, object relation, time):
 *   `sortKeyInt` against the values as integers (PHP `(int)`); LIKE and CONTAINS are EQ.
 * - `float`: `sortKeyString` (the order-preserving `floatSortKey`) against the encoded values; LIKE and CONTAINS
 *   are EQ.
 * - `simpleText` (email, a Legacy "simple" type on `sort_key_string`): like `text`, but CONTAINS is EQ.
 * - `collection` (author, country, keyword, selection, object relation list): every operator applies to the
 *   `elements`, and the entry matches when ANY element does (numbers compare as integers, strings lower-cased);
 *   LIKE on a number element and CONTAINS are element equality.
 * - `text` (string, text, rich text, ISBN, map location, image, binary file…): `sortKeyString` against the
 *   lower-cased values; LIKE with `*` wildcards; CONTAINS is a substring.
 *
 * An entry without the compared key (null, or no elements) matches no operator.
 */
export type FieldSearchFamily = (typeof SEARCH_FAMILIES)[number];

/** Every {@link FieldSearchFamily}, in the order engines translate them. */
export const SEARCH_FAMILIES = ['integer', 'float', 'simpleText', 'text', 'collection'] as const;

/**
 * Canonical field type identifiers grouped by search family, each list sorted; a family no type has is absent.
 * A plain object (not a Map) so that it serialises to JSON, e.g. as part of a cache key.
 */
export type FieldTypesByFamily = { readonly [F in FieldSearchFamily]?: readonly string[] };

/**
 * The field-type plug-in contract (Ibexa `FieldType` SPI). Each field type is a plain object implementing it;
 * `registry.ts` lists them. `V` is the type's own value; the generic plumbing treats values as opaque and only
 * calls these methods. Methods use method syntax so that a `FieldType<string>` is usable as `FieldType<unknown>`.
 *
 * A type with search index data (`searchable: true`) must state its {@link FieldSearchFamily}; a type without
 * (`searchable: false`) has none. The compiler enforces both.
 *
 * Formats:
 * - *hash*: the REST `fieldValue` format (before REST-only post-processing such as image variations or relation
 *   hrefs, which adapters add).
 * - *storage*: JSON data persisted per field; must round-trip through `fromStorage(toStorage(v))`.
 */
export type FieldType<V> = FieldTypeMembers<V> & FieldTypeSearchability;

/**
 * Whether a field type has search index data and, if so, how the Field criterion compares it. Legacy's search
 * engine has no index column for `ezuser` and `ezurl`: they are not searchable.
 */
export type FieldTypeSearchability =
  | {
      readonly searchable: true;
      /** How the Field criterion compares this type's index data (see {@link FieldSearchFamily}). */
      readonly searchFamily: FieldSearchFamily;
    }
  | { readonly searchable: false; readonly searchFamily?: never };

/** What the image criteria read from stored image data (null when the data lacks the property). */
export interface ImageProperties {
  readonly mimeType: string | null;
  /** Bytes. */
  readonly fileSize: number | null;
  /** Pixels. */
  readonly width: number | null;
  readonly height: number | null;
}

/** The members of {@link FieldType} other than its searchability. */
export interface FieldTypeMembers<V> {
  /** Ibexa 4.x identifier, e.g. `ezstring`. Output uses this name. */
  readonly identifier: string;
  /** Other identifiers accepted on input, e.g. the 5.x name `ibexa_string`. */
  readonly aliases: readonly string[];
  /**
   * Whether a content type may have at most one field definition of this type (Ibexa `FieldType::isSingular`,
   * true for the user account). Absent: false.
   */
  readonly singular?: boolean;

  /** The value of an empty field. */
  emptyValue(): V;
  isEmpty(value: V): boolean;
  /**
   * Turns input into a value: the REST hash, the scalar shorthands the hash allows (numbers for strings,
   * numeric strings for numbers, ...) or an already native value.
   * @throws FieldValueError when the input cannot be a value of this type.
   */
  fromHash(input: unknown): V;
  /** The REST hash of a value (its `fieldValue`). */
  toHash(value: V): Hash;
  /** Validates a non-empty value against the definition's validators and settings. Empty list = valid. */
  validate(value: V, definition: FieldDefinition): readonly ValidationError[];
  toStorage(value: V): Hash;
  /** @throws FieldValueError on data that this type never writes. */
  fromStorage(data: Hash): V;
  /** Text used for the content name by name schemas (`<title>`). */
  getName(value: V, definition: FieldDefinition, languageCode: string): string;
  /** Index data written at publish time for Field criteria, Field sort clauses and full text. */
  toSearchData(value: V): FieldSearchData;

  /** Settings used when a definition gives none. */
  defaultFieldSettings(): { readonly [key: string]: Hash };
  /** Validator configuration used when a definition gives none. */
  defaultValidatorConfiguration(): { readonly [key: string]: Hash };
  /** Checks settings given by a field definition create/update. */
  validateFieldSettings(settings: { readonly [key: string]: Hash }): readonly ValidationError[];
  /** Checks a validator configuration given by a field definition create/update. */
  validateValidatorConfiguration(configuration: { readonly [key: string]: Hash }): readonly ValidationError[];

  /**
   * Reconciles a value decoded from client input with the value stored for the same field and language
   * (`undefined` for a new field): server-owned data (stored file metadata, password hashes, the account's
   * login) comes from the stored value, and references the client may not make (a stored file this field does
   * not hold) are refused. Types without server-owned data omit it.
   * @throws FieldValueError
   */
  reconcileInput?(input: V, stored: V | undefined): V;
  /**
   * The relations this value implies (Ibexa `FieldType::getRelations`), in the order Ibexa's types list them:
   * relation fields give FIELD targets, the image asset an ASSET target, rich text LINK then EMBED targets (content
   * ids, or location ids the content service resolves to their content). The content service recomputes a
   * version's relations from them on every save. Types without relations omit it.
   */
  relations?(value: V): readonly FieldRelationTarget[];
  /**
   * Resolves external data before a value is saved: stores uploaded files, hashes passwords. Runs after
   * validation and before the write transaction; the service deletes stored files again if the write fails.
   */
  prepareForStorage?(value: V, context: FieldPrepareContext): Promise<V>;
  /** Binary storage keys the value references (files to delete with the content). */
  storageKeys?(value: V): readonly string[];
  /**
   * Image types only: what the image criteria (ImageMimeType, ImageFileSize, ImageDimensions, ImageOrientation)
   * read from this type's storage data, or null when the data holds no image properties (not an object). Only
   * fields of types with this hook are image fields for those criteria. Reads the data as stored (search engines
   * read the same stored properties), so it never throws.
   */
  imageProperties?(data: Hash): ImageProperties | null;
}

/**
 * One relation a field value implies (Ibexa `FieldType::getRelations`): FIELD and ASSET relations name the
 * destination content and are anchored to their field (an ASSET destination must be of the stated content type);
 * LINK and EMBED relations (rich text `ezcontent://` and
 * `ezlocation://` targets) name a content or a location and are anchored to no field, as in Ibexa.
 */
export type FieldRelationTarget =
  | { readonly type: 'FIELD'; readonly contentId: number; readonly locationId?: never }
  | {
      readonly type: 'ASSET';
      readonly contentId: number;
      /** The content type a valid asset destination has (Ibexa's asset mapping); the content service checks it. */
      readonly contentTypeIdentifier: string;
      readonly locationId?: never;
    }
  | { readonly type: 'LINK' | 'EMBED'; readonly contentId: number; readonly locationId?: never }
  | { readonly type: 'LINK' | 'EMBED'; readonly locationId: number; readonly contentId?: never };

/** Per-field search index data. Strings are compared lower-cased (Legacy `sort_key_string`). */
export interface FieldSearchData {
  /** Integer sort/compare key (integers, booleans, dates as Unix seconds, relation ids), or null. */
  readonly sortKeyInt: number | null;
  /** Lower-cased string sort/compare key (≤ 255 chars), or null. */
  readonly sortKeyString: string | null;
  /** Text indexed for full text search, or the empty string. */
  readonly fullText: string;
  /**
   * Element values of collection types (keywords, selection indexes, relation list ids, country codes),
   * compared element-wise by IN/CONTAINS, as Legacy does. Absent for single-valued types.
   */
  readonly elements?: readonly (string | number)[];
}

/** A file to store, as given by a client. `source` is the whole content or a stream of chunks. */
export interface PendingBinary {
  readonly source: Uint8Array | AsyncIterable<Uint8Array>;
  readonly fileName: string;
  /** MIME type declared by the client, if any (sniffed from the bytes when absent). */
  readonly mimeType?: string;
}

/** A stored file, as BinaryStorage reports it. `uri` is where the server serves it. */
export interface StoredBinary {
  readonly key: string;
  readonly uri: string;
  /** Size in bytes. */
  readonly size: number;
  /** The pending file's declared MIME type, else the one `detectMimeType` gives its bytes and file name (ADR 0014). */
  readonly mimeType: string;
  /** First bytes of the file (at least 64 KiB when the file is that large), for image dimension sniffing. */
  readonly head: Uint8Array;
}

/** What `prepareForStorage` may use. Implemented by core's content service on top of its ports. */
export interface FieldPrepareContext {
  /** Stores a file under `images/` or `files/`. @throws FieldValueError if the file is unusable. */
  storeBinary(file: PendingBinary, kind: 'images' | 'files'): Promise<StoredBinary>;
  hashPassword(plainPassword: string): Promise<string>;
  now(): Date;
}

/**
 * A value that cannot belong to the field type. The content service reports it as a field validation
 * failure (REST 400 with `errorDetails`), naming the field.
 */
export class FieldValueError extends Error {
  constructor(
    message: string,
    readonly target: string | null = null,
  ) {
    super(message);
    this.name = 'FieldValueError';
  }
}

/**
 * Field types by identifier (aliases included). Built once per repository by `createFieldTypeRegistry`.
 */
export interface FieldTypeRegistry {
  /** @throws InvalidArgumentError for an unknown identifier. */
  get(identifier: string): FieldType<unknown>;
  find(identifier: string): FieldType<unknown> | undefined;
  /** The canonical (4.x) identifier for an identifier or alias, e.g. `ibexa_string` → `ezstring`. */
  canonicalIdentifier(identifier: string): string | undefined;
  all(): readonly FieldType<unknown>[];
}

/**
 * The canonical identifiers of the searchable types among `types`, grouped by {@link FieldSearchFamily}
 * (identifiers sorted; a family none of them has is absent). Types without index data are left out.
 */
export function groupBySearchFamily(types: readonly FieldType<unknown>[]): FieldTypesByFamily {
  const byFamily: { [F in FieldSearchFamily]?: string[] } = {};
  const identifiers = new Map<string, FieldSearchFamily>();
  for (const type of types) if (type.searchable) identifiers.set(type.identifier, type.searchFamily);
  for (const identifier of [...identifiers.keys()].sort()) {
    const family = identifiers.get(identifier);
    if (family !== undefined) (byFamily[family] ??= []).push(identifier);
  }
  return byFamily;
}

/**
 * Builds a registry from field types.
 * @throws Error when two types claim the same identifier or alias, or a searchable type states no known search
 *   family (programming errors the compiler misses in plug-ins built without it).
 */
export function createFieldTypeRegistry(types: readonly FieldType<unknown>[]): FieldTypeRegistry {
  const byIdentifier = new Map<string, FieldType<unknown>>();
  for (const type of types) {
    if (type.searchable && !SEARCH_FAMILIES.includes(type.searchFamily)) {
      throw new Error(`Field type '${type.identifier}' is searchable but states no search family (one of ${SEARCH_FAMILIES.join(', ')})`);
    }
    for (const name of [type.identifier, ...type.aliases]) {
      if (byIdentifier.has(name)) throw new Error(`Field type identifier '${name}' is registered twice`);
      byIdentifier.set(name, type);
    }
  }
  return {
    get(identifier) {
      const type = byIdentifier.get(identifier);
      if (!type) throw new InvalidArgumentError('fieldTypeIdentifier', `unknown field type '${identifier}'`);
      return type;
    },
    find: (identifier) => byIdentifier.get(identifier),
    canonicalIdentifier: (identifier) => byIdentifier.get(identifier)?.identifier,
    all: () => types,
  };
}
