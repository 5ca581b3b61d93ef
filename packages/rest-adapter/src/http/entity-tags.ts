/**
 * Entity tags of REST resources (HTTP `ETag`, `If-Match`, `If-None-Match`, RFC 9110 §8.8.3 and §13.1).
 *
 * A tag is strong and reads `"<kind>-<id>-<revision>-<digest>"`, e.g. `"content-57-3-9f86d081884c7d65"`:
 * - `kind` and `id` name the aggregate the resource belongs to (a lock kind of core: `content` for Content,
 *   ContentInfo, versions and users; `location`, `contentType` for a type and its draft, `section`, `role` for a role,
 *   its draft and policies, `objectStateGroup` for a group and its states, …);
 * - `revision` is the aggregate's revision (`Repository.revisions`: every locked write increments it, 0 = never
 *   written) — the part `If-Match` compares;
 * - `digest` is 16 hex digits of the SHA-256 of the response body, so that the tag is a valid strong validator of
 *   the one representation it came with: JSON and XML, `Content` and `ContentInfo`, and representations that embed
 *   parts of other aggregates (a Location's ContentInfo and child count, a ContentInfo's main location path) get
 *   different tags whenever their bytes differ. `If-None-Match` compares whole tags.
 *
 * `If-Match` (writes) matches a listed strong tag when it names the same aggregate at the same revision, whatever
 * its digest (or without one): a tag read from the JSON representation guards a write sent in XML. Weak tags
 * (`W/"…"`) never match, as strong comparison requires.
 */
import { createHash } from 'node:crypto';
import type { LockKind, LockTarget, Precondition } from '@contentrepo/core';

/** The state a resource's entity tag names: its aggregate at a revision (the shape of a core `Precondition`). */
export type AggregateRevision = Precondition;

/** One entry of an `If-Match` / `If-None-Match` list: the opaque tag (between the quotes) and whether it is weak. */
export interface ListedTag {
  readonly weak: boolean;
  readonly opaque: string;
}

/** A parsed conditional header: `*` (any current representation) or a non-empty list of entity tags. */
export type TagCondition = '*' | readonly ListedTag[];

/** The kinds a tag may name, as spelled in tags (core's lock kinds). */
const KINDS: ReadonlySet<LockKind> = new Set<LockKind>([
  'content',
  'location',
  'contentType',
  'contentTypeGroup',
  'section',
  'language',
  'role',
  'objectStateGroup',
  'urlAliases',
  'urlWildcard',
  'bookmarks',
]);

/** Characters of the digest part (hex digits of SHA-256). */
const DIGEST_LENGTH = 16;

/** `kind-id-revision` with an optional `-digest`. */
const OPAQUE_TAG = /^([A-Za-z]+)-(\d{1,15})-(\d{1,15})(?:-[0-9a-f]{16})?$/;

/** One list member: optional `W/`, then a quoted tag of etagc characters (RFC 9110 §8.8.3: no `"`, no controls). */
const LISTED_TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;

/** The digest part of an entity tag: 16 hex digits of the SHA-256 of `body` (the exact bytes sent). */
export function bodyDigest(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex').slice(0, DIGEST_LENGTH);
}

/**
 * The `ETag` value of a representation: the aggregate revision and the digest of `body` (the exact bytes sent).
 * `digest` may be given when already known ({@link bodyDigest} of the same bytes).
 * @returns the quoted tag, e.g. `"content-57-3-9f86d081884c7d65"`.
 */
export function formatEntityTag(state: AggregateRevision, body: Uint8Array, digest: string = bodyDigest(body)): string {
  return `"${state.target.kind}-${state.target.id}-${state.revision}-${digest}"`;
}

/**
 * Parses an `If-Match` or `If-None-Match` value (RFC 9110 §13.1.1: `"*"` or a comma-separated list of entity tags;
 * empty members are skipped, as for any list field).
 * @returns the condition, or null when the value is not of that form (e.g. an unquoted tag).
 */
export function parseTagCondition(value: string): TagCondition | null {
  const trimmed = value.trim();
  if (trimmed === '*') return '*';
  const tags: ListedTag[] = [];
  // A quoted tag holds no comma or quote, so splitting on commas outside quotes is splitting on commas.
  for (const member of trimmed.split(',')) {
    const item = member.trim();
    if (item === '') continue;
    const match = LISTED_TAG.exec(item);
    if (!match) return null;
    tags.push({ weak: match[1] !== undefined, opaque: match[2] ?? '' });
  }
  return tags.length === 0 ? null : tags;
}

/** The aggregate revision a listed strong tag names, or null for a weak tag or one of another form. */
export function stateOfTag(tag: ListedTag): AggregateRevision | null {
  if (tag.weak) return null;
  const match = OPAQUE_TAG.exec(tag.opaque);
  if (!match) return null;
  const kind = match[1] as LockKind;
  if (!KINDS.has(kind)) return null;
  return { target: { kind, id: Number(match[2]) }, revision: Number(match[3]) };
}

/**
 * The revisions of `target` that an `If-Match` list names (its strong tags of that aggregate), without duplicates:
 * the write may go ahead only if the aggregate is still at one of them. Empty when no listed tag can match.
 */
export function revisionsNamed(condition: readonly ListedTag[], target: LockTarget): number[] {
  const revisions = new Set<number>();
  for (const tag of condition) {
    const state = stateOfTag(tag);
    if (state && state.target.kind === target.kind && state.target.id === target.id) revisions.add(state.revision);
  }
  return [...revisions];
}

/** Whether `If-Match` holds for a resource currently at `current` (strong comparison of the aggregate part). */
export function ifMatchHolds(condition: TagCondition, current: AggregateRevision): boolean {
  return condition === '*' || revisionsNamed(condition, current.target).includes(current.revision);
}

/**
 * Whether `If-None-Match` matches the representation tagged `etag` (weak comparison, RFC 9110 §13.1.2: `W/` is
 * ignored, the opaque tags must be equal; `*` matches any current representation). A match answers 304 on GET.
 */
export function ifNoneMatchMatches(condition: TagCondition, etag: string): boolean {
  if (condition === '*') return true;
  const opaque = etag.slice(1, -1);
  return condition.some((tag) => tag.opaque === opaque);
}
