import type { Relation } from '../../api/values/content.js';
import type { NewRelation } from '../../spi/content-handler.js';
import { nextId, type StateHolder, versionKey } from './in-memory-state.js';

/** `ContentHandler.addRelation` in memory. */
export function addRelation(holder: StateHolder, contentId: number, versionNo: number, relation: NewRelation): Relation {
  const created: Relation = { id: nextId(holder.state, 'relation'), sourceContentId: contentId, sourceVersionNo: versionNo, ...relation };
  holder.state.relations.push(created);
  return created;
}

/** `ContentHandler.removeRelation` in memory. */
export function removeRelation(holder: StateHolder, relationId: number): void {
  holder.state.relations = holder.state.relations.filter((relation) => relation.id !== relationId);
}

/**
 * The relations `ContentHandler.loadReverseRelationList` pages, in memory: from the current version of published
 * sources, highest id first.
 */
export function reverseRelations(holder: StateHolder, destinationContentId: number): Relation[] {
  const state = holder.state;
  return state.relations
    .filter((relation) => {
      if (relation.destinationContentId !== destinationContentId) return false;
      const source = state.contents.get(relation.sourceContentId);
      return source?.status === 'PUBLISHED' && source.currentVersionNo === relation.sourceVersionNo;
    })
    .sort((a, b) => b.id - a.id);
}

/** `ContentHandler.deleteTranslation` in memory: fields, names and the language of one or every version. */
export function deleteTranslation(holder: StateHolder, contentId: number, languageCode: string, versionNo: number | null): void {
  const state = holder.state;
  for (const version of [...state.versions.values()]) {
    if (version.contentId !== contentId || (versionNo !== null && version.versionNo !== versionNo)) continue;
    if (!version.languageCodes.includes(languageCode)) continue;
    const key = versionKey(contentId, version.versionNo);
    state.fields.set(key, (state.fields.get(key) ?? []).filter((field) => field.languageCode !== languageCode));
    const languageCodes = version.languageCodes.filter((code) => code !== languageCode);
    const names = Object.fromEntries(Object.entries(version.names).filter(([code]) => code !== languageCode));
    const initialLanguageCode = version.initialLanguageCode === languageCode ? (languageCodes[0] ?? languageCode) : version.initialLanguageCode;
    state.versions.set(key, { ...version, languageCodes, names, initialLanguageCode });
  }
}
