import { UnauthorizedError, type Content, type ContentInfo, type ContentType, type Location, type LockTarget, type Relation, type Repository } from '@contentrepo/core';
import type { AggregateRevision } from '../http/entity-tags.js';
import { contentCacheTags } from '../http/http-cache-headers.js';
import type { AggregateOf, RestContext, RestResult } from '../http/rest-context.js';
import { BadRequestError } from '../http/rest-errors.js';
import type { ObjectNode } from '../output/node.js';
import { contentNode, type EmbeddedVersion } from '../output/visitors/content-visitor.js';

/** A numeric path parameter (the route regex guarantees digits). */
export function intParam(context: RestContext, name: string): number {
  return Number(context.params[name]);
}

/** The last segment of a `locationPath` parameter: the location id (as in Ibexa's `locationPath` route parameter). */
export function locationIdParam(context: RestContext, name = 'locationPath'): number {
  const path = context.params[name] ?? '';
  return Number(path.slice(path.lastIndexOf('/') + 1));
}

/** A 200 (or `status`) resource result. */
export function resource(
  root: ObjectNode,
  options: {
    status?: number;
    location?: string;
    acceptPatch?: string;
    mediaType?: string;
    entityTag?: AggregateRevision;
    cacheTags?: readonly string[];
    noStore?: boolean;
  } = {},
): RestResult {
  return { kind: 'resource', root, ...options };
}

/**
 * A resource result with an entity tag (`ETag`, see http/entity-tags.ts): reads the revision of `target`, THEN runs
 * `load`, which loads what the body shows and builds the result. In that order a concurrent write can only make the
 * body newer than the tag, never older, so a client's later `If-Match` with the tag fails (412) rather than let it
 * overwrite a change its body did not show. The revision is read before the permission-checked load but only
 * sent when the load succeeds: a user who may not read the resource learns nothing. After a write, call this to
 * reload the resource rather than answer with what the write returned. `load` gets the revision read.
 */
export async function tagged(context: RestContext, target: LockTarget, load: (revision: number) => Promise<RestResult> | RestResult): Promise<RestResult> {
  const [revision = 0] = await context.repository.revisions([target]);
  const result = await load(revision);
  return result.kind === 'resource' ? { ...result, entityTag: { target, revision } } : result;
}

/** {@link tagged} with the route's aggregate as the target. */
export async function taggedBy(context: RestContext, aggregate: AggregateOf, load: () => Promise<RestResult> | RestResult): Promise<RestResult> {
  return tagged(context, await aggregate(context), load);
}

/**
 * The repository for a handler's writes after its first one: without the request's `If-Match` preconditions, which
 * the first write checked (and, by writing, moved past).
 */
export function afterFirstWrite(context: RestContext): Repository {
  return context.repository.withPreconditions([]);
}

/** Whether Accept asks for the resource variant `name` (as in Ibexa, e.g. `…Content+json`), case-insensitively. */
export function wantsVariant(context: RestContext, name: string): boolean {
  return context.output.variant?.toLowerCase() === name.toLowerCase();
}

/** `?languages=eng-GB,ger-DE` as a list, or undefined. */
export function languagesParam(context: RestContext): readonly string[] | undefined {
  const value = context.query.get('languages');
  return value ? value.split(',').map((code) => code.trim()).filter((code) => code !== '') : undefined;
}

/** `?name=` as a non-negative integer, or the default. @throws BadRequestError */
export function intQuery(context: RestContext, name: string, fallback: number): number {
  const value = context.query.get(name);
  if (value === null || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number)) throw new BadRequestError(`Invalid value '${value}' for the '${name}' parameter`);
  return number;
}

/** A location the user may read, or null (forbidden or gone): refs to it are then left out. */
export async function readableLocation(context: RestContext, locationId: number | null): Promise<Location | null> {
  if (locationId === null) return null;
  try {
    return await context.repository.locationService.loadLocation(locationId);
  } catch (error) {
    if (error instanceof UnauthorizedError || (error instanceof Error && 'code' in error && error.code === 'NotFound')) return null;
    throw error;
  }
}

/** The current version of an item with its relations, for embedding. */
export async function currentVersion(
  context: RestContext,
  contentId: number,
  languages?: readonly string[],
): Promise<EmbeddedVersion> {
  const content = await context.repository.contentService.loadContent(contentId, languages ? { languages } : {});
  const relations = await context.repository.contentService.loadRelations(content.versionInfo);
  return embeddedVersion(context, content, relations);
}

/** A loaded version to embed, with its item's content type (cached by core; a content type is no secret). */
export async function embeddedVersion(context: RestContext, content: Content, relations: readonly Relation[]): Promise<EmbeddedVersion> {
  const contentType = await context.repository.contentTypeService.loadContentType(content.contentInfo.contentTypeId);
  return { content, relations, contentType };
}

/** The content types of `contents`, by id (each loaded once, cached by core). */
export async function contentTypesOf(context: RestContext, contents: readonly Content[]): Promise<ReadonlyMap<number, ContentType>> {
  const ids = [...new Set(contents.map((content) => content.contentInfo.contentTypeId))];
  const types = await Promise.all(ids.map((id) => context.repository.contentTypeService.loadContentType(id)));
  return new Map(types.map((type) => [type.id, type]));
}

/** The aggregate of `/content/objects/{contentId}…` routes: the content item (its versions, metadata, relations). */
export const contentAggregate = (context: RestContext): LockTarget => ({ kind: 'content', id: intParam(context, 'contentId') });

/**
 * What the kept `Content` output of the item is looked up by (see http/content-output-cache.ts): the item, its revision
 * and current version, the languages asked for, the main location's path when the user may read it, the href prefix
 * and the request's origin (absolute file URLs). Encoded as JSON, so that no value can pass for another.
 */
function contentOutputKey(context: RestContext, info: ContentInfo, revision: number, mainLocation: Location | null): string {
  return JSON.stringify([info.id, revision, info.currentVersionNo, context.query.get('languages'), mainLocation?.pathString ?? null, context.hrefs.prefix, context.visit.origin]);
}

/**
 * The `Content` element of an item: `Content` (with the current version) when Accept names it, else
 * `ContentInfo`, as Ibexa's `GET /content/objects/{id}` does (so `application/json` gives ContentInfo). Tagged with
 * the item's revision; loaded afresh (after a write too, see {@link tagged}).
 */
export async function contentResource(
  context: RestContext,
  contentId: number,
  options: { status?: number; location?: string; embed?: boolean } = {},
): Promise<RestResult> {
  const embed = options.embed ?? wantsVariant(context, 'Content');
  const trees = context.contentOutput;
  const reusable = trees !== null && embed && options.status === undefined && (context.method === 'GET' || context.method === 'HEAD');
  const stamp = trees?.stamp() ?? 0;
  return tagged(context, { kind: 'content', id: contentId }, async (revision) => {
    if (reusable) {
      // The user's right to read the published item is checked as loading it would check it; the tree is shared.
      const info = await context.repository.contentService.loadContentInfo(contentId);
      if (info.status === 'PUBLISHED') {
        const mainLocation = await readableLocation(context, info.mainLocationId);
        const key = contentOutputKey(context, info, revision, mainLocation);
        const kept = trees.get(key, context.output.format);
        const result = (root: ObjectNode): RestResult =>
          resource(root, { ...(options.location === undefined ? {} : { location: options.location }), acceptPatch: 'ContentUpdate', cacheTags: contentCacheTags(info, mainLocation) });
        if (kept) return result(kept);
        const version = await currentVersion(context, contentId, languagesParam(context));
        const root = contentNode({ contentInfo: version.content.contentInfo, mainLocation, currentVersion: version }, context.visit);
        // Kept only when built from the state the key names (no write slipped in between the two reads).
        if (version.content.contentInfo.currentVersionNo === info.currentVersionNo && version.content.contentInfo.mainLocationId === info.mainLocationId) trees.keep(key, root, stamp);
        return result(root);
      }
    }
    const version = embed ? await currentVersion(context, contentId, languagesParam(context)) : undefined;
    const info: ContentInfo = version?.content.contentInfo ?? (await context.repository.contentService.loadContentInfo(contentId));
    const mainLocation = await readableLocation(context, info.mainLocationId);
    return resource(contentNode({ contentInfo: info, mainLocation, ...(version ? { currentVersion: version } : {}) }, context.visit), {
      ...(options.status === undefined ? {} : { status: options.status }),
      ...(options.location === undefined ? {} : { location: options.location }),
      acceptPatch: 'ContentUpdate',
      cacheTags: contentCacheTags(info, mainLocation),
    });
  });
}
