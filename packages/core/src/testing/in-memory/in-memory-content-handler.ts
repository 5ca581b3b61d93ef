import type { ContentInfo, VersionInfo } from '../../api/values/content.js';
import { sameRemoteId } from '../../domain/rules/remote-id.js';
import { InvalidArgumentError } from '../../errors/repository-error.js';
import type { ContentHandler, NewField, StoredContent, StoredField } from '../../spi/content-handler.js';
import { applyFieldDefinitionChanges, loadPublishedIdsOfType } from './in-memory-content-type-changes.js';
import { addRelation, deleteTranslation, removeRelation, reverseRelations } from './in-memory-content-relations.js';
import { nextId, type InMemoryState, type StateHolder, versionKey } from './in-memory-state.js';

/** In-memory ContentHandler (reference behaviour of the SPI docstrings). */
export function createInMemoryContentHandler(holder: StateHolder): ContentHandler {
  const s = (): InMemoryState => holder.state;

  const assertRemoteIdFree = (remoteId: string, contentId: number | null): void => {
    for (const content of s().contents.values()) {
      if (sameRemoteId(content.remoteId, remoteId) && content.id !== contentId) {
        throw new InvalidArgumentError('remoteId', `Another Content item with remoteId '${remoteId}' exists`);
      }
    }
  };
  const writeFields = (contentId: number, versionNo: number, fields: readonly NewField[], existing: StoredField[] = []): StoredField[] => {
    const byKey = new Map(existing.map((field) => [`${field.fieldDefinitionId}/${field.languageCode}`, field]));
    const written: StoredField[] = [];
    for (const field of fields) {
      const key = `${field.fieldDefinitionId}/${field.languageCode}`;
      const row = { ...field, id: field.id ?? byKey.get(key)?.id ?? nextId(s(), 'field') };
      byKey.set(key, row);
      written.push({ ...row });
    }
    s().fields.set(versionKey(contentId, versionNo), [...byKey.values()]);
    return written;
  };
  const versionsOf = (contentId: number): VersionInfo[] =>
    [...s().versions.values()].filter((version) => version.contentId === contentId).sort((a, b) => a.versionNo - b.versionNo);
  const stored = (contentId: number, versionNo: number, languages?: readonly string[]): StoredContent | null => {
    const contentInfo = s().contents.get(contentId);
    const versionInfo = s().versions.get(versionKey(contentId, versionNo));
    if (!contentInfo || !versionInfo) return null;
    const type = s().contentTypes.get(contentInfo.contentTypeId);
    const position = new Map(type?.fieldDefinitions.map((definition) => [definition.id, definition.position]) ?? []);
    const fields = (s().fields.get(versionKey(contentId, versionNo)) ?? [])
      .filter((field) => !languages || languages.includes(field.languageCode))
      .sort(
        (a, b) =>
          (position.get(a.fieldDefinitionId) ?? 0) - (position.get(b.fieldDefinitionId) ?? 0) ||
          a.fieldDefinitionId - b.fieldDefinitionId ||
          (a.languageCode < b.languageCode ? -1 : a.languageCode > b.languageCode ? 1 : 0),
      );
    return { contentInfo, versionInfo, fields };
  };
  const update = (contentId: number, patch: Partial<ContentInfo>): ContentInfo => {
    const current = s().contents.get(contentId);
    if (!current) throw new Error(`Content ${contentId} does not exist`);
    const next = { ...current, ...patch };
    s().contents.set(contentId, next);
    return next;
  };

  return {
    async create(record) {
      assertRemoteIdFree(record.remoteId, null);
      const id = nextId(s(), 'content');
      const contentInfo: ContentInfo = {
        id,
        contentTypeId: record.contentTypeId,
        name: record.name,
        sectionId: record.sectionId,
        currentVersionNo: 1,
        ownerId: record.ownerId,
        modificationDate: record.modificationDate,
        publishedDate: null,
        alwaysAvailable: record.alwaysAvailable,
        remoteId: record.remoteId,
        mainLanguageCode: record.mainLanguageCode,
        mainLocationId: null,
        status: 'DRAFT',
        isHidden: false,
      };
      s().contents.set(id, contentInfo);
      s().versions.set(versionKey(id, 1), {
        id: nextId(s(), 'version'),
        contentId: id,
        versionNo: 1,
        status: 'DRAFT',
        creatorId: record.creatorId,
        creationDate: record.modificationDate,
        modificationDate: record.modificationDate,
        initialLanguageCode: record.initialLanguageCode,
        languageCodes: [...record.languageCodes],
        names: { ...record.names },
      });
      writeFields(id, 1, record.fields);
      for (const relation of record.relations) {
        s().relations.push({ id: nextId(s(), 'relation'), sourceContentId: id, sourceVersionNo: 1, ...relation });
      }
      s().pendingLocations.set(id, [...record.pendingLocations]);
      const result = stored(id, 1);
      if (!result) throw new Error('unreachable');
      return result;
    },
    loadContentInfo: async (contentId) => s().contents.get(contentId) ?? null,
    loadContentInfoByRemoteId: async (remoteId) => [...s().contents.values()].find((c) => sameRemoteId(c.remoteId, remoteId)) ?? null,
    loadContentInfoList: async (ids) => ids.flatMap((id) => s().contents.get(id) ?? []),
    loadVersionInfo: async (contentId, versionNo) => s().versions.get(versionKey(contentId, versionNo)) ?? null,
    loadVersionInfoList: async (contentId) => versionsOf(contentId),
    loadDraftsForUser: async (userId) =>
      [...s().versions.values()]
        .filter((version) => version.status === 'DRAFT' && version.creatorId === userId)
        .sort((a, b) => a.contentId - b.contentId || a.versionNo - b.versionNo),
    load: async (contentId, versionNo, languages) => stored(contentId, versionNo, languages),
    loadCurrentList: async (ids, languages) =>
      ids.flatMap((id) => {
        const info = s().contents.get(id);
        return (info && stored(id, info.currentVersionNo, languages)) || [];
      }),
    async createDraft(contentId, sourceVersionNo, draft) {
      const source = s().versions.get(versionKey(contentId, sourceVersionNo));
      if (!source) throw new Error(`Version ${contentId}/${sourceVersionNo} does not exist`);
      const versionNo = Math.max(...versionsOf(contentId).map((version) => version.versionNo)) + 1;
      const versionInfo: VersionInfo = {
        ...source,
        id: nextId(s(), 'version'),
        versionNo,
        status: 'DRAFT',
        creatorId: draft.creatorId,
        creationDate: draft.date,
        modificationDate: draft.date,
        initialLanguageCode: draft.initialLanguageCode,
      };
      s().versions.set(versionKey(contentId, versionNo), versionInfo);
      s().fields.set(versionKey(contentId, versionNo), (s().fields.get(versionKey(contentId, sourceVersionNo)) ?? []).map((f) => ({ ...f })));
      for (const relation of s().relations.filter((r) => r.sourceContentId === contentId && r.sourceVersionNo === sourceVersionNo)) {
        s().relations.push({ ...relation, id: nextId(s(), 'relation'), sourceVersionNo: versionNo });
      }
      return versionInfo;
    },
    async updateDraft(contentId, versionNo, change) {
      const key = versionKey(contentId, versionNo);
      const version = s().versions.get(key);
      if (!version) throw new Error(`Version ${key} does not exist`);
      s().versions.set(key, {
        ...version,
        initialLanguageCode: change.initialLanguageCode,
        languageCodes: [...change.languageCodes],
        names: { ...change.names },
        modificationDate: change.modificationDate,
      });
      const written = writeFields(contentId, versionNo, change.fields, s().fields.get(key));
      s().relations = s().relations.filter(
        (r) => !(r.sourceContentId === contentId && r.sourceVersionNo === versionNo && r.type !== 'COMMON'),
      );
      for (const relation of change.fieldRelations) {
        s().relations.push({ id: nextId(s(), 'relation'), sourceContentId: contentId, sourceVersionNo: versionNo, ...relation });
      }
      return { modificationDate: change.modificationDate, fields: written };
    },
    async publish(contentId, versionNo, publication) {
      for (const version of versionsOf(contentId)) {
        if (version.status === 'PUBLISHED') s().versions.set(versionKey(contentId, version.versionNo), { ...version, status: 'ARCHIVED' });
      }
      const key = versionKey(contentId, versionNo);
      const version = s().versions.get(key);
      if (!version) throw new Error(`Version ${key} does not exist`);
      s().versions.set(key, { ...version, status: 'PUBLISHED', modificationDate: publication.date });
      const current = s().contents.get(contentId);
      return update(contentId, {
        status: 'PUBLISHED',
        currentVersionNo: versionNo,
        name: publication.name,
        modificationDate: publication.date,
        publishedDate: current?.publishedDate ?? publication.date,
      });
    },
    async deleteVersion(contentId, versionNo) {
      const key = versionKey(contentId, versionNo);
      s().versions.delete(key);
      s().fields.delete(key);
      s().relations = s().relations.filter((r) => !(r.sourceContentId === contentId && r.sourceVersionNo === versionNo));
    },
    async deleteContent(contentId) {
      for (const version of versionsOf(contentId)) {
        s().versions.delete(versionKey(contentId, version.versionNo));
        s().fields.delete(versionKey(contentId, version.versionNo));
      }
      s().relations = s().relations.filter((r) => r.sourceContentId !== contentId && r.destinationContentId !== contentId);
      s().pendingLocations.delete(contentId);
      s().contentStates.delete(contentId);
      s().contents.delete(contentId);
    },
    async updateMetadata(contentId, patch) {
      if (patch.remoteId !== undefined) assertRemoteIdFree(patch.remoteId, contentId);
      const changes: Partial<ContentInfo> = {};
      for (const [key, value] of Object.entries(patch)) {
        if (value !== undefined) Object.assign(changes, { [key]: value });
      }
      return update(contentId, changes);
    },
    loadRelations: async (contentId, versionNo) =>
      s().relations.filter((r) => r.sourceContentId === contentId && r.sourceVersionNo === versionNo).sort((a, b) => a.id - b.id),
    async loadRelationsList(versions) {
      const wanted = new Set(versions.map((version) => `${version.contentId}/${version.versionNo}`));
      return s().relations.filter((r) => wanted.has(`${r.sourceContentId}/${r.sourceVersionNo}`)).sort((a, b) => a.id - b.id);
    },
    loadReverseRelationList: async (destinationContentId, offset, limit) =>
      reverseRelations(holder, destinationContentId).slice(offset, limit === null ? undefined : offset + limit),
    countReverseRelations: async (destinationContentId) => reverseRelations(holder, destinationContentId).length,
    async copy(contentId, copy) {
      assertRemoteIdFree(copy.remoteId, null);
      const source = s().contents.get(contentId);
      if (!source) throw new Error(`Content ${contentId} does not exist`);
      const id = nextId(s(), 'content');
      const versions = versionsOf(contentId).filter((v) => copy.versionNo === null || v.versionNo === copy.versionNo);
      const fieldIds = new Map<number, number>();
      for (const version of versions) {
        const versionNo = copy.versionNo === null ? version.versionNo : 1;
        s().versions.set(versionKey(id, versionNo), { ...version, id: nextId(s(), 'version'), contentId: id, versionNo });
        s().fields.set(
          versionKey(id, versionNo),
          (s().fields.get(versionKey(contentId, version.versionNo)) ?? []).map((field) => {
            const newId = fieldIds.get(field.id) ?? nextId(s(), 'field');
            fieldIds.set(field.id, newId);
            return { ...field, id: newId };
          }),
        );
        for (const relation of s().relations.filter((r) => r.sourceContentId === contentId && r.sourceVersionNo === version.versionNo)) {
          s().relations.push({ ...relation, id: nextId(s(), 'relation'), sourceContentId: id, sourceVersionNo: versionNo });
        }
      }
      const currentSource = versions.find((v) => v.versionNo === source.currentVersionNo) ?? versions[0];
      const published = versions.some((v) => v.status === 'PUBLISHED');
      const contentInfo: ContentInfo = {
        ...source,
        id,
        remoteId: copy.remoteId,
        currentVersionNo: copy.versionNo === null ? source.currentVersionNo : 1,
        modificationDate: copy.date,
        publishedDate: published ? copy.date : null,
        status: published ? 'PUBLISHED' : 'DRAFT',
        mainLocationId: null,
        name: currentSource?.names[source.mainLanguageCode] ?? source.name,
      };
      s().contents.set(id, contentInfo);
      s().pendingLocations.set(id, [...copy.pendingLocations]);
      return contentInfo;
    },
    loadPendingLocations: async (contentId) => s().pendingLocations.get(contentId) ?? [],
    deletePendingLocations: async (contentId) => {
      s().pendingLocations.delete(contentId);
    },
    applyFieldDefinitionChanges: async (contentTypeId, changes) => applyFieldDefinitionChanges(holder, contentTypeId, changes),
    loadPublishedIdsOfType: async (contentTypeId) => loadPublishedIdsOfType(holder, contentTypeId),
    addRelation: async (contentId, versionNo, relation) => addRelation(holder, contentId, versionNo, relation),
    removeRelation: async (relationId) => removeRelation(holder, relationId),
    deleteTranslation: async (contentId, languageCode, versionNo) => deleteTranslation(holder, contentId, languageCode, versionNo),
  };
}
