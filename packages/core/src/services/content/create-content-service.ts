import type { ContentService } from '../../api/services/content-service.js';
import type { ServiceContext } from '../service-context.js';
import {
  loadContent,
  loadContentInfo,
  loadContentInfoByRemoteId,
  loadContentInfoList,
  loadContentListByContentInfo,
  loadRelations,
  loadRelationsList,
  loadVersionInfo,
  loadVersions,
} from './content-reads.js';
import { loadContentDrafts } from './content-drafts.js';
import { copyContent } from './copy-content.js';
import { createContent } from './create-content.js';
import { deleteContent } from './delete-content.js';
import { createContentDraft, deleteVersion } from './drafts.js';
import { publishVersion } from './publish-version.js';
import { updateContent } from './update-content.js';
import { updateContentMetadata } from './update-metadata.js';
import { deleteTranslation, deleteTranslationFromDraft } from './delete-translation.js';
import { setContentHidden } from './hide-content.js';
import { addRelation, deleteRelation } from './content-relations.js';
import { countReverseRelations, loadReverseRelationList, loadReverseRelations } from './content-reverse-relations.js';

/** The ContentService of one user scope: one operation per file, bound to the context. */
export function createContentService(context: ServiceContext): ContentService {
  return {
    loadContentInfo: (contentId) => loadContentInfo(context, contentId),
    loadContentInfoByRemoteId: (remoteId) => loadContentInfoByRemoteId(context, remoteId),
    loadContentInfoList: (contentIds) => loadContentInfoList(context, contentIds),
    loadVersionInfo: (contentId, versionNo) => loadVersionInfo(context, contentId, versionNo),
    loadContent: (contentId, options) => loadContent(context, contentId, options),
    loadVersions: (contentId) => loadVersions(context, contentId),
    loadContentDrafts: (userId) => loadContentDrafts(context, userId ?? context.userId),
    loadContentListByContentInfo: (contentInfos, languageFilter) => loadContentListByContentInfo(context, contentInfos, languageFilter),
    loadRelations: (versionInfo) => loadRelations(context, versionInfo),
    loadRelationsList: (versionInfos) => loadRelationsList(context, versionInfos),
    loadReverseRelations: (contentInfo) => loadReverseRelations(context, contentInfo),
    loadReverseRelationList: (contentInfo, offset, limit) => loadReverseRelationList(context, contentInfo, offset, limit),
    countReverseRelations: (contentInfo) => countReverseRelations(context, contentInfo),
    createContent: (struct, locations) => createContent(context, struct, locations),
    updateContent: (contentId, versionNo, struct) => updateContent(context, contentId, versionNo, struct),
    publishVersion: (contentId, versionNo) => publishVersion(context, contentId, versionNo),
    createContentDraft: (contentId, fromVersionNo) => createContentDraft(context, contentId, fromVersionNo),
    deleteVersion: (contentId, versionNo) => deleteVersion(context, contentId, versionNo),
    deleteContent: (contentId) => deleteContent(context, contentId),
    updateContentMetadata: (contentId, struct) => updateContentMetadata(context, contentId, struct),
    copyContent: (contentId, destination, versionNo) => copyContent(context, contentId, destination, versionNo),
    addRelation: (contentId, versionNo, destinationId) => addRelation(context, contentId, versionNo, destinationId),
    deleteRelation: (contentId, versionNo, destinationId) => deleteRelation(context, contentId, versionNo, destinationId),
    deleteTranslation: (contentId, languageCode) => deleteTranslation(context, contentId, languageCode),
    deleteTranslationFromDraft: (contentId, versionNo, languageCode) => deleteTranslationFromDraft(context, contentId, versionNo, languageCode),
    hideContent: (contentId) => setContentHidden(context, contentId, true),
    revealContent: (contentId) => setContentHidden(context, contentId, false),
  };
}
