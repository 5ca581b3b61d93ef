import type { LoadContentOptions } from '../../api/services/content-service.js';
import type { Content, ContentInfo, Relation, VersionInfo } from '../../api/values/content.js';
import type { LanguageFilter } from '../../domain/criteria/query.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { StoredContent } from '../../spi/content-handler.js';
import type { ServiceContext } from '../service-context.js';
import { inIdOrder, readableIds } from '../permissions/readable-lists.js';
import { fieldsFromStorage } from './content-field-values.js';

/**
 * @throws NotFoundError when the item does not exist (or is the virtual root's content 0).
 */
export async function requireContentInfo(context: ServiceContext, contentId: number): Promise<ContentInfo> {
  const contentInfo = await context.persistence.contentHandler.loadContentInfo(contentId);
  if (!contentInfo) throw NotFoundError.content(contentId);
  return contentInfo;
}

/** @throws NotFoundError */
export async function requireVersionInfo(context: ServiceContext, contentId: number, versionNo: number): Promise<VersionInfo> {
  const versionInfo = await context.persistence.contentHandler.loadVersionInfo(contentId, versionNo);
  if (!versionInfo) throw NotFoundError.version(contentId, versionNo);
  return versionInfo;
}

/**
 * Checks `content/read`, plus `content/versionread` for a version that is not the published one, as in Ibexa.
 * @throws UnauthorizedError
 */
export async function assertCanRead(
  context: ServiceContext,
  contentInfo: ContentInfo,
  versionStatus: VersionInfo['status'] | null = null,
): Promise<void> {
  await context.guard.assert('content', 'read', { kind: 'content', contentInfo }, { contentId: contentInfo.id });
  if (versionStatus !== null && versionStatus !== 'PUBLISHED') {
    await context.guard.assert(
      'content',
      'versionread',
      { kind: 'content', contentInfo, versionStatus },
      { contentId: contentInfo.id },
    );
  }
}

/**
 * The fields of a loaded version in the filter's languages (all without languages): the filter's languages
 * the version has, else the main language.
 */
export function inFilterLanguages(stored: StoredContent, filter: LanguageFilter): StoredContent {
  const languages = filter.languages ?? [];
  if (languages.length === 0) return stored;
  const present = languages.filter((code) => stored.versionInfo.languageCodes.includes(code));
  const chosen = new Set(present.length > 0 ? present : [stored.contentInfo.mainLanguageCode]);
  return { ...stored, fields: stored.fields.filter((field) => chosen.has(field.languageCode)) };
}

/** The API Content of a stored version. */
export function toContent(context: ServiceContext, stored: StoredContent): Content {
  return {
    contentInfo: stored.contentInfo,
    versionInfo: stored.versionInfo,
    fields: fieldsFromStorage(context.fieldTypes, stored.fields),
  };
}

/** Loads a version with its fields, without permission checks. @throws NotFoundError */
export async function loadStoredContent(
  context: ServiceContext,
  contentId: number,
  versionNo: number,
  languages?: readonly string[],
): Promise<StoredContent> {
  const stored = await context.persistence.contentHandler.load(contentId, versionNo, languages);
  if (!stored) throw NotFoundError.version(contentId, versionNo);
  return stored;
}

export async function loadContentInfo(context: ServiceContext, contentId: number): Promise<ContentInfo> {
  const contentInfo = await requireContentInfo(context, contentId);
  await assertCanRead(context, contentInfo);
  return contentInfo;
}

export async function loadContentInfoByRemoteId(context: ServiceContext, remoteId: string): Promise<ContentInfo> {
  const contentInfo = await context.persistence.contentHandler.loadContentInfoByRemoteId(remoteId);
  if (!contentInfo) throw NotFoundError.contentByRemoteId(remoteId);
  await assertCanRead(context, contentInfo);
  return contentInfo;
}

export async function loadContentInfoList(
  context: ServiceContext,
  contentIds: readonly number[],
): Promise<ReadonlyMap<number, ContentInfo>> {
  const result = new Map<number, ContentInfo>();
  for (const contentInfo of await context.persistence.contentHandler.loadContentInfoList(contentIds)) {
    if (await context.guard.canUser('content', 'read', { kind: 'content', contentInfo })) result.set(contentInfo.id, contentInfo);
  }
  return result;
}

export async function loadVersionInfo(context: ServiceContext, contentId: number, versionNo?: number): Promise<VersionInfo> {
  const contentInfo = await requireContentInfo(context, contentId);
  const versionInfo = await requireVersionInfo(context, contentId, versionNo ?? contentInfo.currentVersionNo);
  await assertCanRead(context, contentInfo, versionInfo.status);
  return versionInfo;
}

/**
 * Loads a version with its fields. Without `versionNo`, the current version is fetched together with the
 * ContentInfo (the hot read path: one handler call).
 */
export async function loadContent(context: ServiceContext, contentId: number, options: LoadContentOptions = {}): Promise<Content> {
  if (options.versionNo === undefined) {
    const [stored] = await context.persistence.contentHandler.loadCurrentList([contentId], options.languages);
    if (!stored) throw NotFoundError.content(contentId);
    await assertCanRead(context, stored.contentInfo, stored.versionInfo.status);
    return toContent(context, stored);
  }
  // The version carries its item's ContentInfo; the item is read on its own only to tell which one is missing.
  const stored = await context.persistence.contentHandler.load(contentId, options.versionNo, options.languages);
  if (!stored) {
    await requireContentInfo(context, contentId);
    throw NotFoundError.version(contentId, options.versionNo);
  }
  await assertCanRead(context, stored.contentInfo, stored.versionInfo.status);
  return toContent(context, stored);
}

export async function loadVersions(context: ServiceContext, contentId: number): Promise<readonly VersionInfo[]> {
  const contentInfo = await requireContentInfo(context, contentId);
  await assertCanRead(context, contentInfo);
  const versions = await context.persistence.contentHandler.loadVersionInfoList(contentId);
  const readable: VersionInfo[] = [];
  for (const version of versions) {
    if (
      version.status === 'PUBLISHED' ||
      (await context.guard.canUser('content', 'versionread', { kind: 'content', contentInfo, versionStatus: version.status }))
    ) {
      readable.push(version);
    }
  }
  return readable;
}

/**
 * Relations of a version. With unlimited read access (e.g. an administrator) the item is not reloaded for the
 * permission check. Relations to items the user may not read are left out (Ibexa `ContentService::loadRelations`).
 */
export async function loadRelations(context: ServiceContext, versionInfo: VersionInfo): Promise<readonly Relation[]> {
  const readAll = (await context.guard.hasAccess('content', 'read')) === true;
  const versionReadAll = versionInfo.status === 'PUBLISHED' || (await context.guard.hasAccess('content', 'versionread')) === true;
  if (!readAll || !versionReadAll) {
    await assertCanRead(context, await requireContentInfo(context, versionInfo.contentId), versionInfo.status);
  }
  return readableDestinations(context, await context.persistence.contentHandler.loadRelations(versionInfo.contentId, versionInfo.versionNo), readAll);
}

/**
 * The relations whose destination the current user may read (`content/read`), as Ibexa's `loadRelations` skips the
 * others: a limited reader neither sees nor removes a relation to an item it may not read. `readAll` (unlimited
 * read access) returns the list as it is.
 */
async function readableDestinations(context: ServiceContext, relations: readonly Relation[], readAll: boolean): Promise<Relation[]> {
  if (readAll || relations.length === 0) return [...relations];
  const infos = await context.persistence.contentHandler.loadContentInfoList([...new Set(relations.map((relation) => relation.destinationContentId))]);
  const readable = new Set<number>();
  for (const contentInfo of infos) {
    if (await context.guard.canUser('content', 'read', { kind: 'content', contentInfo })) readable.add(contentInfo.id);
  }
  return relations.filter((relation) => readable.has(relation.destinationContentId));
}

/**
 * `ContentService.loadContentListByContentInfo`: current versions in one storage call; readable ones kept —
 * published items in one read-criterion search when `content/read` is limited, other statuses (a draft-only
 * item) checked one by one as `loadContent` checks them.
 */
export async function loadContentListByContentInfo(
  context: ServiceContext,
  contentInfos: readonly ContentInfo[],
  languageFilter: LanguageFilter = {},
): Promise<readonly Content[]> {
  const ids = [...new Set(contentInfos.map((info) => info.id))];
  if (ids.length === 0) return [];
  const stored = inIdOrder(ids, await context.persistence.contentHandler.loadCurrentList(ids), (item) => item.contentInfo.id);
  const published = stored.filter((item) => item.versionInfo.status === 'PUBLISHED').map((item) => item.contentInfo.id);
  const readable = await readableIds(context, 'content', { type: 'ContentId', values: published }, published.length);
  const result: Content[] = [];
  for (const item of stored) {
    const { contentInfo, versionInfo } = item;
    const allowed =
      versionInfo.status === 'PUBLISHED'
        ? readable === null || readable.has(contentInfo.id)
        : await assertCanRead(context, contentInfo, versionInfo.status).then(
            () => true,
            () => false,
          );
    if (allowed) result.push(toContent(context, inFilterLanguages(item, languageFilter)));
  }
  return result;
}

/**
 * `ContentService.loadRelationsList`: the permission checks of `loadRelations` for each version (none for an
 * unrestricted reader), then one storage call for all of them.
 * @throws UnauthorizedError
 */
export async function loadRelationsList(context: ServiceContext, versionInfos: readonly VersionInfo[]): Promise<readonly (readonly Relation[])[]> {
  if (versionInfos.length === 0) return [];
  const readAll = (await context.guard.hasAccess('content', 'read')) === true;
  const versionReadAll = (await context.guard.hasAccess('content', 'versionread')) === true;
  const checked = versionInfos.filter((version) => !readAll || (version.status !== 'PUBLISHED' && !versionReadAll));
  if (checked.length > 0) {
    const infos = await context.persistence.contentHandler.loadContentInfoList([...new Set(checked.map((version) => version.contentId))]);
    const infoById = new Map(infos.map((info) => [info.id, info]));
    for (const version of checked) {
      const contentInfo = infoById.get(version.contentId);
      if (!contentInfo) throw NotFoundError.content(version.contentId);
      await assertCanRead(context, contentInfo, version.status);
    }
  }
  const relations = await context.persistence.contentHandler.loadRelationsList(
    versionInfos.map((version) => ({ contentId: version.contentId, versionNo: version.versionNo })),
  );
  const byVersion = new Map<string, Relation[]>();
  for (const relation of relations) {
    const key = `${relation.sourceContentId}/${relation.sourceVersionNo}`;
    const list = byVersion.get(key);
    if (list) list.push(relation);
    else byVersion.set(key, [relation]);
  }
  const readable = new Set(await readableDestinations(context, relations, readAll));
  return versionInfos.map((version) => (byVersion.get(`${version.contentId}/${version.versionNo}`) ?? []).filter((relation) => readable.has(relation)));
}
