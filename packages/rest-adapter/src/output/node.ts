import type { Hash } from '@contentrepo/core';

/**
 * The node model of Ibexa's REST output generators: visitors build one tree of these nodes and the
 * JSON and XML writers render it, JSON mirroring XML. Arrays in JSON are decided statically by `list`
 * nodes, never by counting children.
 */

/** A scalar carried by an attribute or a value element (native JSON type kept, as Ibexa's JSON generator does). */
export type Scalar = string | number | boolean | null;

/** Attributes of an object, hash or value element, in emission order. JSON: `"_name": value`. */
export type Attrs = Readonly<Record<string, Scalar>>;

/**
 * Object element: `<Name media-type="…M+xml" …>` / `"Name": {"_media-type": "…M+json", …}`.
 * `mediaType` is the bare media-type name (`Section`, `ContentInfo`); `""` renders a literal empty
 * `media-type` (links of the Root resource).
 */
export interface ObjectNode {
  readonly kind: 'object';
  readonly name: string;
  readonly mediaType: string;
  readonly attrs: Attrs;
  readonly children: readonly Node[];
}

/** Hash element (no media type): `<Name a="v">…</Name>` / `"Name": {"_a": v, …}`. */
export interface HashNode {
  readonly kind: 'hash';
  readonly name: string;
  readonly attrs: Attrs;
  readonly children: readonly Node[];
}

/**
 * Value element. Without attributes: `<name>v</name>` / `"name": v`. With attributes:
 * `<value languageCode="eng-GB">Forms</value>` / `{"_languageCode": "eng-GB", "#text": "Forms"}`.
 */
export interface ValueNode {
  readonly kind: 'value';
  readonly name: string;
  readonly value: Scalar;
  readonly attrs: Attrs;
}

/**
 * List: XML renders the items inline (nothing for the list itself); JSON renders
 * `"name": [ <content of each item> ]` — the item element names disappear, as in Ibexa's JSON.
 */
export interface ListNode {
  readonly kind: 'list';
  readonly name: string;
  readonly items: readonly Node[];
}

/**
 * Field-type hash element (`fieldValue`, `defaultValue`, `fieldSettings`, `validatorConfiguration`):
 * plain JSON in JSON, `<value key>` recursion in XML (Ibexa's `fieldValue` format).
 */
export interface FieldHashNode {
  readonly kind: 'ftHash';
  readonly name: string;
  readonly value: Hash;
}

/**
 * A field-type hash still being computed (a field type processor that reads other content, such as the image
 * asset's destination image). The router replaces it by a {@link FieldHashNode} with {@link resolveDeferredNodes}
 * before rendering; the writers refuse it.
 */
export interface DeferredFieldHashNode {
  readonly kind: 'ftHashDeferred';
  readonly name: string;
  readonly value: Promise<Hash>;
}

/** Any generator node. */
export type Node = ObjectNode | HashNode | ValueNode | ListNode | FieldHashNode | DeferredFieldHashNode;

/** A child slot: `undefined` means "omit", so visitors can write optional children inline. */
export type Child = Node | undefined;

/** Attribute input for the builders: an `undefined` value omits the attribute. */
export type AttrsInput = Readonly<Record<string, Scalar | undefined>>;

const present = (nodes: readonly Child[]): Node[] => {
  const out: Node[] = [];
  for (const node of nodes) if (node !== undefined) out.push(node);
  return out;
};

/** Shared attributes of the (many) nodes without any. */
const NO_ATTRS: Attrs = Object.freeze({});

/** The attributes without `undefined` ones; the input itself when it has none (nodes are never mutated). */
const cleanAttrs = (attrs: AttrsInput | undefined): Attrs => {
  if (attrs === undefined) return NO_ATTRS;
  let clean = true;
  for (const key in attrs) {
    if (attrs[key] === undefined || key === '__proto__') {
      clean = false;
      break;
    }
  }
  if (clean) return attrs as Attrs;
  const out: Record<string, Scalar> = {};
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined) Object.defineProperty(out, key, { value, enumerable: true, writable: true });
  }
  return out;
};

/**
 * Object element with a media type. `undefined` children and attributes are dropped.
 * Example: `obj('Section', 'Section', { href }, [val('sectionId', 1)])`.
 */
export function obj(name: string, mediaType: string, attrs: AttrsInput, children: readonly Child[]): ObjectNode {
  return { kind: 'object', name, mediaType, attrs: cleanAttrs(attrs), children: present(children) };
}

/**
 * Reference: object element carrying only its media type and `href`
 * (`"Owner": {"_media-type": "…User+json", "_href": "/api/ibexa/v2/user/users/14"}`).
 */
export function ref(name: string, mediaTypeName: string, href: string): ObjectNode {
  return { kind: 'object', name, mediaType: mediaTypeName, attrs: { href }, children: [] };
}

/** Hash element (no media type); `undefined` children and attributes are dropped. */
export function hash(name: string, children: readonly Child[], attrs?: AttrsInput): HashNode {
  return { kind: 'hash', name, attrs: cleanAttrs(attrs), children: present(children) };
}

/** Value element with an optional set of attributes (which switch JSON to `{"_a": …, "#text": v}`). */
export function val(name: string, value: Scalar, attrs?: AttrsInput): ValueNode {
  return { kind: 'value', name, value, attrs: cleanAttrs(attrs) };
}

/** List keyed by `name` in JSON; items rendered inline in XML. `undefined` items are dropped. */
export function list(name: string, items: readonly Child[]): ListNode {
  return { kind: 'list', name, items: present(items) };
}

/** Field-type hash element (Ibexa's `fieldValue` format). */
export function ftHash(name: string, value: Hash): FieldHashNode {
  return { kind: 'ftHash', name, value };
}

/**
 * Translated strings (`names`, `descriptions`): hash `name` holding a list `value` of value
 * elements with a `languageCode` attribute. JSON: `{"value": [{"_languageCode": "eng-GB",
 * "#text": "Forms"}]}`; XML: `<names><value languageCode="eng-GB">Forms</value></names>`.
 */
export function translated(name: string, record: Readonly<Record<string, string>>): HashNode {
  const items = Object.entries(record).map(([languageCode, text]) => val('value', text, { languageCode }));
  return hash(name, [list('value', items)]);
}

/**
 * A field-type hash node for a hash or a hash being computed: an `ftHash` node, or an `ftHashDeferred` node for a
 * promise (whose rejection is handled here, so that an unrendered response never leaves it unhandled; resolving
 * the node rethrows it).
 */
export function fieldHashNode(name: string, value: Hash | Promise<Hash>): FieldHashNode | DeferredFieldHashNode {
  if (!(value instanceof Promise)) return { kind: 'ftHash', name, value };
  value.catch(() => undefined);
  return { kind: 'ftHashDeferred', name, value };
}

/** Whether `node` is or holds a deferred field-type hash: a plain walk, no promises. */
function holdsDeferred(node: Node): boolean {
  switch (node.kind) {
    case 'ftHashDeferred':
      return true;
    case 'object':
    case 'hash':
      return node.children.some(holdsDeferred);
    case 'list':
      return node.items.some(holdsDeferred);
    default:
      return false;
  }
}

async function resolveNode(node: Node): Promise<Node> {
  switch (node.kind) {
    case 'ftHashDeferred':
      return { kind: 'ftHash', name: node.name, value: await node.value };
    case 'object':
    case 'hash': {
      const children = await resolveChildren(node.children);
      return children === node.children ? node : { ...node, children };
    }
    case 'list': {
      const items = await resolveChildren(node.items);
      return items === node.items ? node : { ...node, items };
    }
    default:
      return node;
  }
}

/** The nodes with their deferred hashes resolved (the same array when none holds any; only those that do wait). */
async function resolveChildren(nodes: readonly Node[]): Promise<readonly Node[]> {
  if (!nodes.some(holdsDeferred)) return nodes;
  const resolved = await Promise.all(nodes.map((node) => (holdsDeferred(node) ? resolveNode(node) : Promise.resolve(node))));
  return resolved.every((node, index) => node === nodes[index]) ? nodes : resolved;
}

/** Whether a tree still holds a field-type hash being computed (see {@link resolveDeferredNodes}). */
export function holdsDeferredNodes(root: ObjectNode): boolean {
  return holdsDeferred(root);
}

/**
 * The tree with every deferred field-type hash replaced by its value (the same tree when it has none, found by a
 * synchronous walk: most responses hold none, and a promise per node was a measurable share of rendering a list).
 * @throws what a deferred hash's computation threw.
 */
export async function resolveDeferredNodes(root: ObjectNode): Promise<ObjectNode> {
  const children = await resolveChildren(root.children);
  return children === root.children ? root : { ...root, children };
}
