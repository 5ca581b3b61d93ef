import { pluralize } from './pluralizer.js';

/**
 * Names of generated schema elements (Ibexa `NameHelper`). Camel-casing is Symfony's
 * `CamelCaseToSnakeCaseNameConverter::denormalize`: the first character and every character after a run of `_` are
 * uppercased and the underscores removed; letters already uppercase stay so (`blog_post` → `BlogPost`, `field_1` →
 * `Field1`).
 */

/** GraphQL name syntax: names that do not match are skipped with a warning, as in Ibexa. */
export const GRAPHQL_NAME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;

/** Whether `name` is a valid GraphQL name. */
export function isValidName(name: string): boolean {
  return GRAPHQL_NAME.test(name);
}

/** The warning Ibexa logs for a skipped identifier (`NameValidator`). */
export function invalidNameWarning(kind: string, identifier: string): string {
  return (
    `Skipping schema generation for ${kind} with identifier '${identifier}' as it stands against GraphQL specification. ` +
    'For more details see http://spec.graphql.org/[latest-release]/#sec-Names.'
  );
}

/** Symfony's denormalize without lower-casing: `blog_post` → `BlogPost`, `_x__y` → `XY`, `a.b` → `A_B`. */
export function toCamelCase(identifier: string): string {
  return identifier.replace(/(^|_|\.)+(.)/g, (_match, separator: string, next: string) => `${separator === '.' ? '_' : ''}${next.toUpperCase()}`);
}

const upperFirst = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** Upper-camel identifier (`Ident` in Ibexa's generated names, e.g. `<Ident>Item`). */
export const upperCamel = (identifier: string): string => upperFirst(toCamelCase(identifier));
/** Lower-camel identifier (`ident` in Ibexa's generated names, e.g. the singular group field). */
export const lowerCamel = (identifier: string): string => lowerFirst(toCamelCase(identifier));

/** A group identifier with every character outside `[A-Za-z0-9_]` replaced by `_` (groups are named by their name). */
export const sanitizeGroupIdentifier = (identifier: string): string => identifier.replace(/[^A-Za-z0-9_]/g, '_');

/**
 * Field names that would collide with the common item fields, and their replacements. Ibexa overrides `id` with
 * `id_` (`ibexa.graphql.schema.content.field_name.override`); `contentId` is a common field of this server's items
 * (the client examples read it), so a field definition camel-cased to `contentId` becomes `contentId_`.
 */
export const FIELD_NAME_OVERRIDES: Readonly<Record<string, string>> = { id: 'id_', contentId: 'contentId_' };

/** The names generated for one content type (Ibexa's naming rules). */
export interface ContentTypeNames {
  /** `FolderItem` (4.x). */
  readonly item: string;
  /** `FolderContent` (3.x, used by `uploadFiles` and the client examples' fragments). */
  readonly content: string;
  readonly connection: string;
  readonly edge: string;
  readonly createInput: string;
  readonly updateInput: string;
  /** `FolderItemType`: the content type metadata type. */
  readonly itemType: string;
  /** Singular field on the group: `folder`. */
  readonly field: string;
  /** Connection field on the group: `folders`. */
  readonly pluralField: string;
  readonly createMutation: string;
  readonly updateMutation: string;
}

/** Names of a content type's generated types and fields. */
export function contentTypeNames(identifier: string): ContentTypeNames {
  const upper = upperCamel(identifier);
  const lower = lowerCamel(identifier);
  return {
    item: `${upper}Item`,
    content: `${upper}Content`,
    connection: `${upper}ItemConnection`,
    edge: `${upper}ItemEdge`,
    createInput: `${upper}ItemCreateInput`,
    updateInput: `${upper}ItemUpdateInput`,
    itemType: `${upper}ItemType`,
    field: lower,
    pluralField: pluralize(lower),
    createMutation: `create${upper}`,
    updateMutation: `update${upper}`,
  };
}

/** The names generated for one content type group (Ibexa's naming rules). */
export interface GroupNames {
  /** `ItemGroupContent`. */
  readonly type: string;
  /** `ItemGroupContentTypes`. */
  readonly typesType: string;
  /** Field on the root query: `content`. */
  readonly field: string;
}

/** Names of a group's generated types and its root field; the identifier is sanitised first. */
export function groupNames(identifier: string): GroupNames {
  const sanitized = sanitizeGroupIdentifier(identifier);
  return {
    type: `ItemGroup${upperCamel(sanitized)}`,
    typesType: `ItemGroup${upperCamel(sanitized)}Types`,
    field: lowerCamel(sanitized),
  };
}

/** The GraphQL field name of a field definition (lower camel, with {@link FIELD_NAME_OVERRIDES}). */
export function fieldDefinitionFieldName(identifier: string): string {
  const name = lowerCamel(identifier);
  return FIELD_NAME_OVERRIDES[name] ?? name;
}

/** `RepositoryLanguage` enum value name of a language code: `eng-GB` → `eng_GB`. */
export const languageEnumName = (languageCode: string): string => languageCode.replaceAll('-', '_');
