import type { Hash } from '@contentrepo/core';
import { assertNever } from '@contentrepo/core';
import { VENDOR_PREFIX } from '../http/media-types.js';
import type { Attrs, Node, ObjectNode, Scalar } from './node.js';


const str = (value: string): string => JSON.stringify(value);

/** Quoted `"name":` prefixes of element and attribute names (a bounded set chosen by visitors). */
const KEY_CACHE = new Map<string, string>();
const KEY_CACHE_LIMIT = 10_000;
const keyOf = (name: string): string => {
  let key = KEY_CACHE.get(name);
  if (key === undefined) {
    key = `${str(name)}:`;
    if (KEY_CACHE.size < KEY_CACHE_LIMIT) KEY_CACHE.set(name, key);
  }
  return key;
};

/** Native JSON scalar; non-finite numbers (never produced by visitors) become `null` like `JSON.stringify`. */
const scalar = (value: Scalar): string => {
  if (value === null) return 'null';
  if (typeof value === 'string') return str(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return Number.isFinite(value) ? String(value) : 'null';
};

/** Field-type hash: plain JSON, but empty arrays and empty objects both render as `[]` (PHP's `json_encode`). */
const fieldHash = (value: Hash): string => {
  if (value === null || typeof value !== 'object') return scalar(value);
  let out = '';
  if (Array.isArray(value)) {
    const items: readonly Hash[] = value;
    for (const item of items) out += `${out === '' ? '' : ','}${fieldHash(item)}`;
    return `[${out}]`;
  }
  for (const [key, item] of Object.entries(value)) out += `${out === '' ? '' : ','}${str(key)}:${fieldHash(item)}`;
  return out === '' ? '[]' : `{${out}}`;
};

/** `"_a":v` members of the attributes, each preceded by a comma unless first. */
const attrMembers = (attrs: Attrs, first: boolean): string => {
  let out = '';
  let sep = first ? '' : ',';
  for (const name in attrs) {
    out += `${sep}${keyOf(`_${name}`)}${scalar(attrs[name] ?? null)}`;
    sep = ',';
  }
  return out;
};

const members = (attrs: Attrs, children: readonly Node[], prefix: string, head: string): string => {
  let out = head + attrMembers(attrs, head === '');
  for (const child of children) out += `${out === '' ? '' : ','}${keyOf(child.name)}${content(child, prefix)}`;
  return `{${out}}`;
};

const mediaTypeOf = (node: ObjectNode, prefix: string): string =>
  node.mediaType === '' ? '' : `${prefix}${node.mediaType}+json`;

/** The JSON *content* of a node: what appears under its key, or as an item of a list. */
const content = (node: Node, prefix: string): string => {
  switch (node.kind) {
    case 'object':
      return members(node.attrs, node.children, prefix, `"_media-type":${str(mediaTypeOf(node, prefix))}`);
    case 'hash':
      return members(node.attrs, node.children, prefix, '');
    case 'value': {
      const attrs = attrMembers(node.attrs, true);
      return attrs === '' ? scalar(node.value) : `{${attrs},"#text":${scalar(node.value)}}`;
    }
    case 'list': {
      let out = '';
      for (const item of node.items) out += `${out === '' ? '' : ','}${content(item, prefix)}`;
      return `[${out}]`;
    }
    case 'ftHash':
      return fieldHash(node.value);
    case 'ftHashDeferred':
      throw new Error(`Field hash '${node.name}' is still being computed: resolve the tree with resolveDeferredNodes before writing it`);
    default:
      return assertNever(node, 'generator node');
  }
};

/**
 * Renders a root object element as a JSON document `{"<Root>": {"_media-type": "<prefix><M>+json",
 * "_attr": native, …children}}` following Ibexa's JSON generator: attributes prefixed with `_` keep their
 * native type, value elements become native JSON values, lists become arrays keyed by the list name
 * holding each item's content, field-type hashes are plain JSON with `{}` and `[]` rendered as `[]`.
 * Output is compact and unescaped (`/` is not escaped; JSON-equivalent to PHP's output).
 *
 * @param root the root object element (e.g. `Content`, `ErrorMessage`)
 * @param vendorPrefix media-type prefix, default `application/vnd.ibexa.api.`
 */
export function writeJson(root: ObjectNode, vendorPrefix: string = VENDOR_PREFIX): string {
  return `{${str(root.name)}:${content(root, vendorPrefix)}}`;
}
