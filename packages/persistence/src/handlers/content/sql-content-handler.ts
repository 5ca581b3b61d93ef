import type {
  ContentCreateRecord,
  ContentHandler,
  FieldDefinitionChanges,
  ContentInfo,
  ContentMetadataPatch,
  DraftUpdateRecord,
  NewRelation,
  PendingLocation,
  Relation,
  StoredContent,
  VersionInfo,
  WrittenDraft,
} from '@contentrepo/core';
import { BATCH_SIZE, chunks } from '../../db/batches.js';
import type { SqlContext } from '../../db/sql-context.js';
import { toPendingLocation, toRelation } from '../../mappers/content-part-rows.js';
import { copyContent, createContent, type CopyRequest } from './sql-content-create.js';
import { loadDraftsForUser } from './sql-content-drafts.js';
import { applyFieldDefinitionChanges, loadPublishedIdsOfType } from './sql-content-type-changes.js';
import { deleteContent, updateMetadata } from './sql-content-metadata.js';
import { addRelation, deleteTranslation, removeRelation } from './sql-content-relations.js';
import {
  COUNT_REVERSE_RELATIONS,
  DELETE_PENDING_LOCATIONS,
  PENDING_LOCATIONS,
  RELATIONS_OF_VERSION,
  RELATIONS_OF_VERSIONS,
  REVERSE_RELATIONS,
  REVERSE_RELATIONS_PAGE,
} from './sql-content-queries.js';
import {
  loadContentInfo,
  loadContentInfoList,
  loadCurrentList,
  loadStoredContent,
  loadVersionInfos,
} from './sql-content-reads.js';
import { createDraft, deleteVersion, publishVersion, updateDraft, type DraftRequest } from './sql-content-versions.js';

/**
 * ContentHandler on `content`, `content_version`, `content_name`, `content_field`, `content_relation` and
 * `pending_location` (Ibexa `Content\Handler`, Legacy storage). Loads return null for unknown ids; multi-statement
 * writes run in one transaction (joining the caller's). Each operation lives in its own module; this class only
 * binds them to a {@link SqlContext}.
 */
export class SqlContentHandler implements ContentHandler {
  constructor(private readonly ctx: SqlContext) {}

  create(record: ContentCreateRecord): Promise<StoredContent> {
    return createContent(this.ctx, record);
  }

  loadContentInfo(contentId: number): Promise<ContentInfo | null> {
    return loadContentInfo(this.ctx, { id: contentId });
  }

  loadContentInfoByRemoteId(remoteId: string): Promise<ContentInfo | null> {
    return loadContentInfo(this.ctx, { remoteId });
  }

  loadContentInfoList(contentIds: readonly number[]): Promise<readonly ContentInfo[]> {
    return loadContentInfoList(this.ctx, contentIds);
  }

  async loadVersionInfo(contentId: number, versionNo: number): Promise<VersionInfo | null> {
    const [version] = await loadVersionInfos(this.ctx, contentId, versionNo);
    return version ?? null;
  }

  loadVersionInfoList(contentId: number): Promise<readonly VersionInfo[]> {
    return loadVersionInfos(this.ctx, contentId);
  }

  loadDraftsForUser(userId: number): Promise<readonly VersionInfo[]> {
    return loadDraftsForUser(this.ctx, userId);
  }

  load(contentId: number, versionNo: number, languages?: readonly string[]): Promise<StoredContent | null> {
    return loadStoredContent(this.ctx, contentId, versionNo, languages);
  }

  loadCurrentList(contentIds: readonly number[], languages?: readonly string[]): Promise<readonly StoredContent[]> {
    return loadCurrentList(this.ctx, contentIds, languages);
  }

  createDraft(contentId: number, sourceVersionNo: number, draft: DraftRequest): Promise<VersionInfo> {
    return createDraft(this.ctx, contentId, sourceVersionNo, draft);
  }

  updateDraft(contentId: number, versionNo: number, update: DraftUpdateRecord): Promise<WrittenDraft> {
    return updateDraft(this.ctx, contentId, versionNo, update);
  }

  publish(
    contentId: number,
    versionNo: number,
    publication: { readonly name: string; readonly date: Date },
  ): Promise<ContentInfo> {
    return publishVersion(this.ctx, contentId, versionNo, publication);
  }

  deleteVersion(contentId: number, versionNo: number): Promise<void> {
    return deleteVersion(this.ctx, contentId, versionNo);
  }

  deleteContent(contentId: number): Promise<void> {
    return deleteContent(this.ctx, contentId);
  }

  updateMetadata(contentId: number, patch: ContentMetadataPatch): Promise<ContentInfo> {
    return updateMetadata(this.ctx, contentId, patch);
  }

  /** Relations of one version, by id. */
  async loadRelations(contentId: number, versionNo: number): Promise<readonly Relation[]> {
    const rows = await this.ctx.all(RELATIONS_OF_VERSION, [contentId, versionNo]);
    return rows.map(toRelation);
  }

  /** Relations of several versions, by id: one statement per 500 versions. */
  async loadRelationsList(versions: readonly { readonly contentId: number; readonly versionNo: number }[]): Promise<readonly Relation[]> {
    const unique = [...new Map(versions.map((version) => [`${version.contentId}/${version.versionNo}`, version])).values()];
    const relations: Relation[] = [];
    for (const batch of chunks(unique)) {
      const rows = await this.ctx.all(RELATIONS_OF_VERSIONS.of(batch.length), batch.flatMap((version) => [version.contentId, version.versionNo]));
      for (const row of rows) relations.push(toRelation(row));
    }
    return unique.length > BATCH_SIZE ? relations.sort((a, b) => a.id - b.id) : relations;
  }

  /** Reverse relations from current versions of published sources, highest id first: one indexed statement. */
  async loadReverseRelationList(destinationContentId: number, offset: number, limit: number | null): Promise<readonly Relation[]> {
    const rows =
      limit === null && offset === 0
        ? await this.ctx.all(REVERSE_RELATIONS, [destinationContentId])
        : // LIMIT -1 means "no limit" on SQLite only; the largest 32-bit bound works on both engines.
          await this.ctx.all(REVERSE_RELATIONS_PAGE, [destinationContentId, limit ?? 2_147_483_647, offset]);
    return rows.map(toRelation);
  }

  /** Number of reverse relations: one indexed COUNT. */
  async countReverseRelations(destinationContentId: number): Promise<number> {
    return (await this.ctx.one(COUNT_REVERSE_RELATIONS, [destinationContentId]))?.int('n') ?? 0;
  }

  copy(contentId: number, copy: CopyRequest): Promise<ContentInfo> {
    return copyContent(this.ctx, contentId, copy);
  }

  /** Pending locations in the order they were given at creation. */
  async loadPendingLocations(contentId: number): Promise<readonly PendingLocation[]> {
    const rows = await this.ctx.all(PENDING_LOCATIONS, [contentId]);
    return rows.map(toPendingLocation);
  }

  async deletePendingLocations(contentId: number): Promise<void> {
    await this.ctx.write(DELETE_PENDING_LOCATIONS, [contentId]);
  }

  applyFieldDefinitionChanges(contentTypeId: number, changes: FieldDefinitionChanges): Promise<void> {
    return applyFieldDefinitionChanges(this.ctx, contentTypeId, changes);
  }

  loadPublishedIdsOfType(contentTypeId: number): Promise<readonly number[]> {
    return loadPublishedIdsOfType(this.ctx, contentTypeId);
  }

  addRelation(contentId: number, versionNo: number, relation: NewRelation): Promise<Relation> {
    return addRelation(this.ctx, contentId, versionNo, relation);
  }

  removeRelation(relationId: number): Promise<void> {
    return removeRelation(this.ctx, relationId);
  }

  deleteTranslation(contentId: number, languageCode: string, versionNo: number | null): Promise<void> {
    return deleteTranslation(this.ctx, contentId, languageCode, versionNo);
  }
}
