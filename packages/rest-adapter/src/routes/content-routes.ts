import type { RestContext, RestHandler, RestResult, RestRoute } from '../http/rest-context.js';
import { BadRequestError, ForbiddenError, RestNotFoundError } from '../http/rest-errors.js';
import { contentCacheTags, locationCacheTags, versionListCacheTags } from '../http/http-cache-headers.js';
import { forbidOn } from '../error-response.js';
import { parseLocationPathString } from '../input/href.js';
import { destinationOf, parseContentCreate, parseContentUpdate, parseVersionUpdate } from '../input/parsers/content-parser.js';
import { relationListNode, relationNode, versionListNode, versionNode } from '../output/visitors/content-visitor.js';
import { locationListNode } from '../output/visitors/location-visitor.js';
import { createLocationForContent } from './location-routes.js';
import { createRelation, deleteRelation } from './content-management-routes.js';
import { contentAggregate, contentResource, embeddedVersion, intParam, intQuery, languagesParam, resource, tagged } from './route-support.js';

const contentId = (context: RestContext): number => intParam(context, 'contentId');
const versionNo = (context: RestContext): number => intParam(context, 'versionNo');

/** GET /content/objects?remoteId= → 307 to the item. */
const redirectByRemoteId: RestHandler = async (context) => {
  const remoteId = context.query.get('remoteId');
  if (!remoteId) throw new BadRequestError("The 'remoteId' query parameter is required");
  const info = await context.repository.contentService.loadContentInfoByRemoteId(remoteId);
  return { kind: 'redirect', status: 307, location: context.hrefs.content(info.id) };
};

/** POST /content/objects (ContentCreate) → 201 draft, Content or ContentInfo per Accept. */
const createContent: RestHandler = async (context) => {
  const { data } = await context.input(['ContentCreate']);
  const { struct, location } = parseContentCreate(data, context.hrefs.prefix);
  const created = await context.repository.contentService.createContent(struct, [location]);
  return contentResource(context, created.contentInfo.id, { status: 201, location: context.hrefs.content(created.contentInfo.id) });
};

/** GET /content/objects/{id} → Content or ContentInfo (Accept), with the item's ETag; If-None-Match → 304. */
const loadContent: RestHandler = (context) => contentResource(context, contentId(context));

/** PATCH /content/objects/{id} (ContentUpdate) → 200 ContentInfo with the new ETag; If-Match guards it (412). */
const updateContentMetadata: RestHandler = async (context) => {
  const { data } = await context.input(['ContentUpdate']);
  const id = contentId(context);
  await context.repository.contentService.updateContentMetadata(id, parseContentUpdate(data, context.hrefs.prefix));
  return contentResource(context, id, { embed: false });
};

/** DELETE /content/objects/{id} → 204; If-Match guards it. */
const deleteContent: RestHandler = async (context) => {
  await context.repository.contentService.deleteContent(contentId(context));
  return { kind: 'empty', status: 204 };
};

/** COPY /content/objects/{id} + Destination: the last path segment is the parent location. */
const copyContent = async (context: RestContext, parentLocationId: number): Promise<RestResult> => {
  const copy = await context.repository.contentService.copyContent(contentId(context), { parentLocationId });
  return { kind: 'empty', status: 201, location: context.hrefs.content(copy.contentInfo.id) };
};

const copyContentByHeader: RestHandler = async (context) => {
  const destination = context.header('destination');
  const last = destination?.replace(/\/+$/, '').split('/').pop();
  if (!last || !/^\d+$/.test(last)) throw new BadRequestError(`${destination ?? ''} is not an acceptable destination`);
  return copyContent(context, Number(last));
};

const copyContentByInput: RestHandler = async (context) => {
  const { data } = await context.input(['CopyContentInput']);
  return copyContent(context, parseLocationPathString(destinationOf(data, 'CopyContentInput'), 'CopyContentInput').id);
};

/** GET …/relations → 307 to the current version's relations. */
const redirectRelations: RestHandler = async (context) => {
  const info = await context.repository.contentService.loadContentInfo(contentId(context));
  return { kind: 'redirect', status: 307, location: context.hrefs.relations(info.id, info.currentVersionNo) };
};

/** GET …/versions → VersionList, with the item's ETag. */
const loadVersions: RestHandler = (context) =>
  tagged(context, contentAggregate(context), async () => {
    const id = contentId(context);
    const info = await context.repository.contentService.loadContentInfo(id);
    const versions = await context.repository.contentService.loadVersions(id);
    return resource(versionListNode(info, versions, context.hrefs.contentVersions(id), context.visit), { cacheTags: versionListCacheTags(id) });
  });

/** A Version resource, loaded afresh and tagged with the item's revision (a version is part of its item). */
const versionResult = (context: RestContext, id: number, no: number, status = 200, location?: string): Promise<RestResult> =>
  tagged(context, { kind: 'content', id }, async () => {
    const languages = languagesParam(context);
    const content = await context.repository.contentService.loadContent(id, { versionNo: no, ...(languages ? { languages } : {}) });
    const relations = await context.repository.contentService.loadRelations(content.versionInfo);
    return resource(versionNode(await embeddedVersion(context, content, relations), context.visit), {
      status,
      acceptPatch: 'VersionUpdate',
      // The Version body shows no location path: the item's tags and its main location's, without path tags; `cv`
      // as well, which Ibexa purges when a draft is changed or deleted.
      cacheTags: [...contentCacheTags(content.contentInfo, null), `cv${id}`],
      ...(location === undefined ? {} : { location }),
    });
  });

/** GET …/versions/{no} → Version with the item's ETag; If-None-Match → 304. */
const loadVersion: RestHandler = (context) => versionResult(context, contentId(context), versionNo(context));

/** PATCH …/versions/{no} (VersionUpdate) → 200 Version with the new ETag: 403 when the version is not a draft; If-Match guards it. */
const updateVersion: RestHandler = async (context) => {
  const { data } = await context.input(['VersionUpdate']);
  const id = contentId(context);
  const no = versionNo(context);
  await forbidOn(['BadState'], () => context.repository.contentService.updateContent(id, no, parseVersionUpdate(data)));
  return versionResult(context, id, no);
};

/**
 * DELETE …/versions/{no}: 403 for the published version; a never-published item's only draft deletes the
 * whole item (Ibexa's controller); an archived last version is a 409 (the repository's BadState).
 */
const deleteVersion: RestHandler = async (context) => {
  const id = contentId(context);
  const no = versionNo(context);
  const { contentService } = context.repository;
  const version = await contentService.loadVersionInfo(id, no);
  if (version.status === 'PUBLISHED') throw new ForbiddenError('Versions with PUBLISHED status cannot be deleted');
  const info = await contentService.loadContentInfo(id);
  const versions = await contentService.loadVersions(id);
  if (version.status === 'DRAFT' && info.status === 'DRAFT' && versions.length === 1) await contentService.deleteContent(id);
  else await contentService.deleteVersion(id, no);
  return { kind: 'empty', status: 204 };
};

/** COPY …/versions/{no} → 201 with the new draft (and the item's new ETag); If-Match guards it. */
const createDraftFromVersion: RestHandler = async (context) => {
  const id = contentId(context);
  const draft = await context.repository.contentService.createContentDraft(id, versionNo(context));
  const no = draft.versionInfo.versionNo;
  return versionResult(context, id, no, 201, context.hrefs.version(id, no));
};

/** PUBLISH …/versions/{no} → 204; 403 when the version is not a draft (Ibexa's REST refuses it before core); If-Match guards it. */
const publishVersion: RestHandler = async (context) => {
  await forbidOn(['BadState'], () => context.repository.contentService.publishVersion(contentId(context), versionNo(context)));
  return { kind: 'empty', status: 204 };
};

const loadVersionRelations: RestHandler = async (context) => {
  const id = contentId(context);
  const no = versionNo(context);
  const relations = await context.repository.contentService.loadRelations(await context.repository.contentService.loadVersionInfo(id, no));
  const offset = intQuery(context, 'offset', 0);
  const limit = intQuery(context, 'limit', -1);
  const page = relations.slice(offset, limit < 0 ? undefined : offset + limit);
  return resource(relationListNode(id, no, page, context.visit));
};

const loadVersionRelation: RestHandler = async (context) => {
  const id = contentId(context);
  const relationId = intParam(context, 'relationId');
  const versionInfo = await context.repository.contentService.loadVersionInfo(id, versionNo(context));
  const relation = (await context.repository.contentService.loadRelations(versionInfo)).find((r) => r.id === relationId);
  if (!relation) throw new RestNotFoundError(`Could not find 'Relation' with identifier '${relationId}'`);
  return resource(relationNode(relation, context.visit));
};

/** GET …/currentversion → 307 to the current version. */
const redirectCurrentVersion: RestHandler = async (context) => {
  const info = await context.repository.contentService.loadContentInfo(contentId(context));
  return { kind: 'redirect', status: 307, location: context.hrefs.version(info.id, info.currentVersionNo) };
};

/** COPY …/currentversion → 201 new draft; 403 when the current version is already a draft. */
const createDraftFromCurrent: RestHandler = async (context) => {
  const id = contentId(context);
  const { contentService } = context.repository;
  // An item's current version is a draft exactly while the item was never published: the ContentInfo (and its
  // read check) tells; the draft's own read checks (`content/versionread`) come first, as loading it would.
  const info = await contentService.loadContentInfo(id);
  if (info.status === 'DRAFT') {
    await contentService.loadVersionInfo(id, info.currentVersionNo);
    throw new ForbiddenError('Current version is already in status DRAFT');
  }
  const draft = await contentService.createContentDraft(id);
  const no = draft.versionInfo.versionNo;
  return versionResult(context, id, no, 201, context.hrefs.version(id, no));
};

const loadContentLocations: RestHandler = async (context) => {
  const id = contentId(context);
  const locations = await context.repository.locationService.loadLocations(id);
  // Tagged by the item's main location, as Ibexa tags this list.
  const main = locations.find((location) => location.id === location.contentInfo.mainLocationId);
  return resource(locationListNode(locations, context.hrefs.contentLocations(id), context.visit), {
    cacheTags: main ? locationCacheTags(main) : [`c${id}`],
  });
};

/**
 * Content object routes (`/content/objects…`). Every path below an item has the item as its aggregate: its ETag
 * guards writes of its metadata, versions, relations and locations (`If-Match`).
 */
export const contentRoutes: readonly RestRoute[] = [
  { path: '/content/objects', methods: [['GET', redirectByRemoteId], ['POST', createContent]] },
  {
    path: '/content/objects/{contentId:id}',
    methods: [['PATCH', updateContentMetadata], ['GET', loadContent], ['DELETE', deleteContent], ['COPY', copyContentByHeader]],
    postByInputType: { CopyContentInput: copyContentByInput },
    aggregate: contentAggregate,
  },
  { path: '/content/objects/{contentId:id}/relations', methods: [['GET', redirectRelations]] },
  { path: '/content/objects/{contentId:id}/versions', methods: [['GET', loadVersions]], aggregate: contentAggregate },
  {
    path: '/content/objects/{contentId:id}/versions/{versionNo:id}',
    methods: [['GET', loadVersion], ['PATCH', updateVersion], ['DELETE', deleteVersion], ['COPY', createDraftFromVersion], ['PUBLISH', publishVersion]],
    postByInputType: { CreateDraftFromVersionInput: createDraftFromVersion, PublishContentVersionInput: publishVersion },
    aggregate: contentAggregate,
  },
  {
    path: '/content/objects/{contentId:id}/versions/{versionNo:id}/relations',
    methods: [['GET', loadVersionRelations], ['POST', createRelation]],
    aggregate: contentAggregate,
  },
  {
    path: '/content/objects/{contentId:id}/versions/{versionNo:id}/relations/{relationId:id}',
    methods: [['GET', loadVersionRelation], ['DELETE', deleteRelation]],
    aggregate: contentAggregate,
  },
  {
    path: '/content/objects/{contentId:id}/currentversion',
    methods: [['GET', redirectCurrentVersion], ['COPY', createDraftFromCurrent]],
    postByInputType: { CreateDraftFromCurrentVersionInput: createDraftFromCurrent },
    aggregate: contentAggregate,
  },
  {
    path: '/content/objects/{contentId:id}/locations',
    methods: [['GET', loadContentLocations], ['POST', createLocationForContent]],
    aggregate: contentAggregate,
  },
];
