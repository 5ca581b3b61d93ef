import type { Hash } from '@contentrepo/core';
import { assertNever } from '@contentrepo/core';
import { VENDOR_PREFIX } from '../http/media-types.js';
import { isObject } from './hash-object.js';
import type { Attrs, Node, ObjectNode, Scalar } from './node.js';

/**
 * Characters `JSON.stringify` escapes in a string: `"`, `\`, controls below U+0020, and surrogates (a lone one is
 * written `\udxxx`; a pair sets this off too, and `JSON.stringify` then keeps it as it is).
 */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A JSON string literal, exactly as `JSON.stringify(value)` writes it; most strings need no escape at all. */
const str = (value: string): string => (NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`);

/** Quoted `"name":` prefixes of element and attribute names (a bounded set chosen by visitors). */
const KEY_CACHE = new Map<string, string>();
const ATTR_KEY_CACHE = new Map<string, string>();
const KEY_CACHE_LIMIT = 10_000;
const cachedKey = (cache: Map<string, string>, name: string, text: string): string => {
  let key = cache.get(name);
  if (key === undefined) {
    key = `${str(text)}:`;
    if (cache.size < KEY_CACHE_LIMIT) cache.set(name, key);
  }
  return key;
};
const keyOf = (name: string): string => KEY_CACHE.get(name) ?? cachedKey(KEY_CACHE, name, name);
const attrKeyOf = (name: string): string => ATTR_KEY_CACHE.get(name) ?? cachedKey(ATTR_KEY_CACHE, name, `_${name}`);

/** Native JSON scalar; non-finite numbers (never produced by visitors) become `null` like `JSON.stringify`. */
const scalar = (value: Scalar): string => {
  if (value === null) return 'null';
  if (typeof value === 'string') return str(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return Number.isFinite(value) ? String(value) : 'null';
};

/** Output accumulator: appending to one growing string is cheaper than nesting many intermediate strings. */
class JsonOut {
  text = '';
}

/** Field-type hash: plain JSON, but empty arrays and empty objects both render as `[]` (PHP's `json_encode`). */
const writeFieldHash = (out: JsonOut, value: Hash): void => {
  if (value === null || typeof value !== 'object') {
    out.text += scalar(value);
    return;
  }
  if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) {
      out.text += '[]';
      return;
    }
    out.text += '{';
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index] ?? '';
      out.text += `${index > 0 ? ',' : ''}${str(key)}:`;
      writeFieldHash(out, value[key] ?? null);
    }
    out.text += '}';
    return;
  }
  out.text += '[';
  for (let index = 0; index < value.length; index++) {
    if (index > 0) out.text += ',';
    writeFieldHash(out, value[index] ?? null);
  }
  out.text += ']';
};

/** `"_a":v` members of the attributes, each preceded by a comma unless `first`; whether it wrote any. */
const writeAttrMembers = (out: JsonOut, attrs: Attrs, first: boolean): boolean => {
  let none = first;
  for (const name in attrs) {
    out.text += `${none ? '' : ','}${attrKeyOf(name)}${scalar(attrs[name] ?? null)}`;
    none = false;
  }
  return !none;
};

/** Whether an element has any attribute (without building a key list). */
const hasAttrs = (attrs: Attrs): boolean => {
  for (const _name in attrs) return true;
  return false;
};

/** `{head, attributes, children}` of an object or hash element; `head` is `""` or a first member. */
const writeMembers = (out: JsonOut, attrs: Attrs, children: readonly Node[], prefix: string, head: string): void => {
  out.text += `{${head}`;
  let wrote = writeAttrMembers(out, attrs, head === '') || head !== '';
  for (const child of children) {
    out.text += `${wrote ? ',' : ''}${keyOf(child.name)}`;
    writeContent(out, child, prefix);
    wrote = true;
  }
  out.text += '}';
};

/** `"_media-type":…` members by prefix, then bare media type name (a bounded set chosen by visitors). */
const MEDIA_TYPE_MEMBERS = new Map<string, Map<string, string>>();
const mediaTypeMember = (node: ObjectNode, prefix: string): string => {
  let byName = MEDIA_TYPE_MEMBERS.get(prefix);
  if (byName === undefined) {
    byName = new Map();
    if (MEDIA_TYPE_MEMBERS.size < 100) MEDIA_TYPE_MEMBERS.set(prefix, byName);
  }
  let member = byName.get(node.mediaType);
  if (member === undefined) {
    member = `"_media-type":${str(node.mediaType === '' ? '' : `${prefix}${node.mediaType}+json`)}`;
    if (byName.size < KEY_CACHE_LIMIT) byName.set(node.mediaType, member);
  }
  return member;
};

/** The JSON *content* of a node: what appears under its key, or as an item of a list. */
const writeContent = (out: JsonOut, node: Node, prefix: string): void => {
  switch (node.kind) {
    case 'object':
      return writeMembers(out, node.attrs, node.children, prefix, mediaTypeMember(node, prefix));
    case 'hash':
      return writeMembers(out, node.attrs, node.children, prefix, '');
    case 'value':
      if (hasAttrs(node.attrs)) {
        out.text += '{';
        writeAttrMembers(out, node.attrs, true);
        out.text += `,"#text":${scalar(node.value)}}`;
      } else out.text += scalar(node.value);
      return;
    case 'list': {
      out.text += '[';
      for (let index = 0; index < node.items.length; index++) {
        if (index > 0) out.text += ',';
        const item = node.items[index];
        if (item !== undefined) writeContent(out, item, prefix);
      }
      out.text += ']';
      return;
    }
    case 'ftHash':
      return writeFieldHash(out, node.value);
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
 * Output is compact and unescaped (`/` is not escaped; JSON-equivalent to PHP's output); strings are written as
 * `JSON.stringify` writes them.
 *
 * @param root the root object element (e.g. `Content`, `ErrorMessage`)
 * @param vendorPrefix media-type prefix, default `application/vnd.ibexa.api.`
 */
export function writeJson(root: ObjectNode, vendorPrefix: string = VENDOR_PREFIX): string {
  const out = new JsonOut();
  out.text = `{${keyOf(root.name)}`;
  writeContent(out, root, vendorPrefix);
  out.text += '}';
  return out.text;
}
