import type { Content, Field, FieldDefinition, FieldType, Hash, Repository } from '@contentrepo/core';
import type { RequestLoaders } from '../resolvers/request-loaders.js';
import type { ReceivedFile } from '../uploads/received-file.js';

/**
 * The field type mapper contract: everything the GraphQL adapter needs of one field type, in one object (Ibexa
 * GraphQL's `FieldDefinitionMapper` per field type). The schema builder asks a mapper for the types of a field
 * definition, the item field resolver for the value, the mutations for the core input. Mappers are plain objects
 * listed in `field-types/index.ts`; a field type without one gets {@link defaultFieldTypeMapper}.
 */

/** What a mapper may ask of the schema being generated. */
export interface SchemaScope {
  /** Whether the content type with this identifier gets an `<Ident>Item` type in the schema. */
  itemTypeExists(contentTypeIdentifier: string): boolean;
}

/**
 * A GraphQL type in SDL notation (`String`, `[AuthorFieldValue]`, `FolderItem`), either fixed or decided by the
 * field definition's settings and validators (a multiple selection is a list, a relation to one content type is
 * typed to its item type). Resolved against the schema's types by the builder; the type must exist there.
 */
export type DefinitionTypeRef<T extends string | null = string> = T | ((definition: FieldDefinition, scope: SchemaScope) => T);

/** The field an item field resolves: read from the item's current version in the prioritised language. */
export interface FieldValueSource {
  /** The field's REST hash (`fieldType.toHash(field.value)`): what mappers read, so no native value is cast. */
  readonly hash: Hash;
  readonly field: Field;
  /** Core's field type of the field. */
  readonly fieldType: FieldType<unknown>;
  /** The definition of the schema's snapshot of the content type. */
  readonly definition: FieldDefinition;
  /** The item's version the field was read from (ids, main language, modification date). */
  readonly content: Content;
  /** Whether the schema types the item field as a list (its value type starts with `[`). */
  readonly asList: boolean;
}

/**
 * What a mapper may use of the request when it resolves a value: the repository acting for the request's user and
 * the request's loaders (every resolver context is one).
 */
export interface FieldResolveContext {
  readonly repository: Repository;
  readonly loaders: RequestLoaders;
}

/** A thumbnail (`_thumbnail`). */
export interface ThumbnailSource {
  readonly uri: string | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly alternativeText: string | null;
  readonly mimeType: string | null;
}

/** What a mapper may use when it turns GraphQL input into core input. */
export interface FieldInputSource {
  /** The definition of the schema's snapshot of the content type. */
  readonly definition: FieldDefinition;
  /**
   * The hash stored for this field in the draft being updated (to keep a file while its texts change); null
   * when an item is created.
   */
  readonly stored: (() => Promise<Hash>) | null;
}

/** The GraphQL form of one field type. */
export interface FieldTypeMapper {
  /** Canonical (Ibexa 4.x) identifier of the field type, e.g. `ezstring`; mappers are looked up by it. */
  readonly fieldTypeIdentifier: string;
  /** Type of the item field (`<Ident>Item.<field>`). */
  readonly valueType: DefinitionTypeRef;
  /** Type of the field in `<Ident>ItemType`: `FieldDefinition` or a typed one (`TextLineFieldDefinition`). */
  readonly definitionType: DefinitionTypeRef;
  /** Type of the field in `<Ident>ItemCreateInput`/`UpdateInput`, or null when GraphQL cannot set it. */
  readonly inputType: DefinitionTypeRef<string | null>;
  /**
   * The GraphQL value of a stored field, matching {@link valueType}: a scalar, a source object of the value type
   * (e.g. `{ xml }` for `RichTextFieldValue`), or null for an empty field. May return a promise (relations load
   * the related items).
   */
  resolve(source: FieldValueSource, context: FieldResolveContext): unknown;
  /**
   * The core input value (what the field type's `fromHash` accepts) of a non-null GraphQL input value of
   * {@link inputType}, after GraphQL's coercion. May return a promise (uploads are awaited). Core validates it.
   * @throws FieldValueError (core) for input core could never accept; reported as a failure of the field.
   */
  toInput(input: unknown, source: FieldInputSource): unknown;
  /** The core input of a field set to an uploaded file by `uploadFiles`; absent: the type takes no uploads. */
  fromUpload?(file: ReceivedFile): Record<string, unknown>;
  /**
   * The `_thumbnail` of a field of a thumbnail definition (`isThumbnail`) from its hash, or null when the field
   * has none (an empty image); absent: fields of this type never give thumbnails.
   */
  thumbnail?(hash: Hash): ThumbnailSource | null;
}

/** A {@link DefinitionTypeRef} for a definition. */
export function typeOfDefinition<T extends string | null>(ref: DefinitionTypeRef<T>, definition: FieldDefinition, scope: SchemaScope): T {
  return typeof ref === 'function' ? ref(definition, scope) : ref;
}

/**
 * The default mapper of a field type with no form of its own (custom field types, and the built-in types that
 * need no more): its value is the field type's string form (`getName`, null when empty), its definition a plain
 * `FieldDefinition`, and it is set from a `String` handed to core unchanged (the field type's `fromHash` accepts
 * its string form). Ibexa GraphQL's `DefaultFieldDefinitionMapper` does the same.
 */
export function defaultFieldTypeMapper(fieldTypeIdentifier: string): FieldTypeMapper {
  return {
    fieldTypeIdentifier,
    valueType: 'String',
    definitionType: 'FieldDefinition',
    inputType: 'String',
    resolve: ({ fieldType, field, definition }) => {
      const name = fieldType.getName(field.value, definition, field.languageCode);
      return name === '' ? null : name;
    },
    toInput: (input) => input,
  };
}

/** Mappers by canonical field type identifier. */
export interface FieldTypeMapperRegistry {
  /** The mapper of a canonical field type identifier, or the default mapper when none is registered. */
  get(fieldTypeIdentifier: string): FieldTypeMapper;
  /** Whether a mapper of its own is registered for a canonical identifier. */
  has(fieldTypeIdentifier: string): boolean;
}

/**
 * A registry of mappers; identifiers without one get {@link defaultFieldTypeMapper}.
 * @throws Error when two mappers claim the same identifier (a programming error: a built-in form cannot be replaced).
 */
export function createFieldTypeMapperRegistry(mappers: readonly FieldTypeMapper[]): FieldTypeMapperRegistry {
  const byIdentifier = new Map<string, FieldTypeMapper>();
  for (const mapper of mappers) {
    if (byIdentifier.has(mapper.fieldTypeIdentifier)) {
      throw new Error(`A GraphQL mapper of field type '${mapper.fieldTypeIdentifier}' is registered twice`);
    }
    byIdentifier.set(mapper.fieldTypeIdentifier, mapper);
  }
  return {
    get: (fieldTypeIdentifier) => byIdentifier.get(fieldTypeIdentifier) ?? defaultFieldTypeMapper(fieldTypeIdentifier),
    has: (fieldTypeIdentifier) => byIdentifier.has(fieldTypeIdentifier),
  };
}
