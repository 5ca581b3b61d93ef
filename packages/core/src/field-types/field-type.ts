import type { FieldDefinition, Hash } from '../api/values/content-type.js';
import { InvalidArgumentError, type ValidationError } from '../errors/repository-error.js';

/**
 * The field-type plug-in contract (Ibexa `FieldType` SPI). Each field type is a plain object implementing it;
 * `registry.ts` lists them. `V` is the type's own value; the generic plumbing treats values as opaque and only
 * calls these methods. Methods use method syntax so that a `FieldType<string>` is usable as `FieldType<unknown>`.
 *
 * Formats:
 * - *hash*: the REST `fieldValue` format of rest.md §4.3 (before REST-only post-processing such as image
 *   variations or relation hrefs, which adapters add).
 * - *storage*: JSON data persisted per field; must round-trip through `fromStorage(toStorage(v))`.
 */
export interface FieldType<V> {
  /** Ibexa 4.x identifier, e.g. `ezstring`. Output uses this name (rest.md §11). */
  readonly identifier: string;
  /** Other identifiers accepted on input, e.g. the 5.x name `ibexa_string`. */
  readonly aliases: readonly string[];
  /** Whether the type has search index data (Legacy: `ezuser`, `ezurl` have none; rest.md A.8). */
  readonly searchable: boolean;

  /** The value of an empty field. */
  emptyValue(): V;
  isEmpty(value: V): boolean;
  /**
   * Turns input into a value: the REST hash, the scalar shorthands the hash allows (numbers for strings,
   * numeric strings for numbers, ...) or an already native value.
   * @throws FieldValueError when the input cannot be a value of this type.
   */
  fromHash(input: unknown): V;
  /** The REST hash of a value (rest.md §4.3). */
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

  /** Settings used when a definition gives none (rest.md §4.4 table). */
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
  /** Content ids this value relates to (relation field types); adds FIELD relations on save. */
  relatedContentIds?(value: V): readonly number[];
  /**
   * Resolves external data before a value is saved: stores uploaded files, hashes passwords. Runs after
   * validation and before the write transaction; the service deletes stored files again if the write fails.
   */
  prepareForStorage?(value: V, context: FieldPrepareContext): Promise<V>;
  /** Binary storage keys the value references (files to delete with the content). */
  storageKeys?(value: V): readonly string[];
}

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
   * compared element-wise by IN/CONTAINS (rest.md A.8). Absent for single-valued types.
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
 * Builds a registry from field types.
 * @throws Error when two types claim the same identifier or alias (a programming error).
 */
export function createFieldTypeRegistry(types: readonly FieldType<unknown>[]): FieldTypeRegistry {
  const byIdentifier = new Map<string, FieldType<unknown>>();
  for (const type of types) {
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
