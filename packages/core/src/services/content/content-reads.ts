import type { LoadContentOptions } from '../../api/services/content-service.js';
import type { Content, ContentInfo, Relation, VersionInfo } from '../../api/values/content.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { StoredContent } from '../../spi/content-handler.js';
import type { ServiceContext } from '../context.js';
import { fieldsFromStorage } from './field-values.js';

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
 * Checks `content/read`, plus `content/versionread` for a version that is not the published one (B.5).
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
  const contentInfo = await requireContentInfo(context, contentId);
  const stored = await loadStoredContent(context, contentId, options.versionNo, options.languages);
  await assertCanRead(context, contentInfo, stored.versionInfo.status);
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
 * permission check.
 */
export async function loadRelations(context: ServiceContext, versionInfo: VersionInfo): Promise<readonly Relation[]> {
  const readAll = (await context.guard.hasAccess('content', 'read')) === true;
  const versionReadAll = versionInfo.status === 'PUBLISHED' || (await context.guard.hasAccess('content', 'versionread')) === true;
  if (!readAll || !versionReadAll) {
    await assertCanRead(context, await requireContentInfo(context, versionInfo.contentId), versionInfo.status);
  }
  return context.persistence.contentHandler.loadRelations(versionInfo.contentId, versionInfo.versionNo);
}
