import { VENDOR_PREFIX } from '../http/media-types.js';

/**
 * A small notation for the JSON form of REST resources (what the JSON writer makes of the output nodes: attributes
 * as `_name`, value elements as plain members, lists as arrays), turned into JSON Schema 2020-12 for the REST
 * reference. One line describes a resource; the reference's test checks real answers against the result.
 *
 * Member types:
 * - `string`, `int`, `number`, `boolean`, `any` (a field type's hash: free JSON), `null` joined with `|` (`int|null`);
 * - `ref` — a reference to another resource: `{"_media-type": …, "_href": …}`;
 * - `@Name` — the component schema `Name` (another shape);
 * - `translated` — translated strings: `{"value": [{"_languageCode": "eng-GB", "#text": "…"}]}`;
 * - `[T]` — a list of T.
 * A member name ending in `?` is optional; every other member is required, and no other member is allowed.
 */

/** A member type in the notation above. */
export type ShapeType = string;

/** Members of a shape: name (with `?` when optional) → type. */
export interface ShapeMembers {
  readonly [member: string]: ShapeType | ShapeMembers;
}

/** A JSON Schema (2020-12) object, as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/** Where component schemas live in the document. */
export const COMPONENT_PREFIX = '#/components/schemas/';

const SCALARS: Readonly<Record<string, JsonSchema>> = {
  string: { type: 'string' },
  int: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  null: { type: 'null' },
  any: {},
};

const REFERENCE: JsonSchema = {
  type: 'object',
  properties: { '_media-type': { type: 'string' }, _href: { type: 'string' } },
  required: ['_media-type', '_href'],
  additionalProperties: false,
};

const TRANSLATED: JsonSchema = {
  type: 'object',
  properties: {
    value: {
      type: 'array',
      items: {
        type: 'object',
        properties: { _languageCode: { type: 'string' }, '#text': { type: 'string' } },
        required: ['_languageCode', '#text'],
        additionalProperties: false,
      },
    },
  },
  required: ['value'],
  additionalProperties: false,
};

/**
 * The JSON Schema of one member type.
 * @throws Error for a type the notation does not know (a programming error, found by the reference's tests).
 */
export function typeSchema(type: ShapeType | ShapeMembers): JsonSchema {
  if (typeof type !== 'string') return membersSchema(type);
  if (type.startsWith('[') && type.endsWith(']')) return { type: 'array', items: typeSchema(type.slice(1, -1)) };
  if (type.includes('|')) return { anyOf: type.split('|').map(typeSchema) };
  if (type.startsWith('@')) return { $ref: `${COMPONENT_PREFIX}${type.slice(1)}` };
  if (type === 'ref') return REFERENCE;
  if (type === 'translated') return TRANSLATED;
  const scalar = SCALARS[type];
  if (scalar === undefined) throw new Error(`Unknown shape type '${type}'`);
  return scalar;
}

/** The closed object schema of a member list (see the notation above). */
export function membersSchema(members: ShapeMembers, extra: Readonly<Record<string, JsonSchema>> = {}, extraRequired: readonly string[] = []): JsonSchema {
  const properties: Record<string, JsonSchema> = { ...extra };
  const required: string[] = [...extraRequired];
  for (const [key, type] of Object.entries(members)) {
    const optional = key.endsWith('?');
    const name = optional ? key.slice(0, -1) : key;
    properties[name] = typeSchema(type);
    if (!optional) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/**
 * The schema of a resource of media type `mediaType` (`Section`): its members plus `_media-type` (the exact JSON
 * vendor type) and, unless `href` is false, `_href`.
 */
export function resourceSchema(mediaType: string, members: ShapeMembers, options: { readonly href?: boolean | 'optional' } = {}): JsonSchema {
  const href = options.href ?? true;
  const extra: Record<string, JsonSchema> = { '_media-type': { const: `${VENDOR_PREFIX}${mediaType}+json` } };
  if (href !== false) extra['_href'] = { type: 'string' };
  return membersSchema(members, extra, href === true ? ['_media-type', '_href'] : ['_media-type']);
}
