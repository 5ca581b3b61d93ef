import type { FieldDefinitionChanges, StoredField } from '../../spi/content-handler.js';
import { nextId, type StateHolder } from './in-memory-state.js';

/**
 * In-memory `ContentHandler.applyFieldDefinitionChanges`: every version of every item of the type gets the added
 * fields in each language it has a name in (one new field id per item and language), loses the fields and FIELD
 * relations of removed definitions, and renamed definitions' identifiers follow.
 */
export function applyFieldDefinitionChanges(holder: StateHolder, contentTypeId: number, changes: FieldDefinitionChanges): void {
  const state = holder.state;
  const contentIds = new Set([...state.contents.values()].filter((content) => content.contentTypeId === contentTypeId).map((content) => content.id));
  const removedIds = new Set(changes.removed.map((removed) => removed.fieldDefinitionId));
  const removedIdentifiers = new Set(changes.removed.map((removed) => removed.fieldDefIdentifier));
  const renamedIds = new Map(changes.renamed.map((renamed) => [renamed.fieldDefinitionId, renamed.to]));
  const renamedIdentifiers = new Map(changes.renamed.map((renamed) => [renamed.from, renamed.to]));
  const newIds = new Map<string, number>();
  const versions = [...state.versions.values()]
    .filter((version) => contentIds.has(version.contentId))
    .sort((a, b) => a.contentId - b.contentId || a.versionNo - b.versionNo);

  for (const version of versions) {
    const key = `${version.contentId}/${version.versionNo}`;
    const fields: StoredField[] = (state.fields.get(key) ?? [])
      .filter((field) => !removedIds.has(field.fieldDefinitionId))
      .map((field) => {
        const identifier = renamedIds.get(field.fieldDefinitionId);
        return identifier === undefined ? field : { ...field, fieldDefIdentifier: identifier };
      });
    for (const template of changes.added) {
      for (const languageCode of Object.keys(version.names).sort()) {
        const idKey = `${version.contentId}/${template.fieldDefinitionId}/${languageCode}`;
        let id = newIds.get(idKey);
        if (id === undefined) {
          id = nextId(state, 'field');
          newIds.set(idKey, id);
        }
        fields.push({ ...template, id, languageCode });
      }
    }
    state.fields.set(key, fields);
  }

  state.relations = state.relations
    .filter(
      (relation) =>
        !(contentIds.has(relation.sourceContentId) && (relation.type === 'FIELD' || relation.type === 'ASSET') && removedIdentifiers.has(relation.sourceFieldDefinitionIdentifier ?? '')),
    )
    .map((relation) => {
      const to = renamedIdentifiers.get(relation.sourceFieldDefinitionIdentifier ?? '');
      return to !== undefined && (relation.type === 'FIELD' || relation.type === 'ASSET') && contentIds.has(relation.sourceContentId)
        ? { ...relation, sourceFieldDefinitionIdentifier: to }
        : relation;
    });
}

/** In-memory `ContentHandler.loadPublishedIdsOfType`. */
export function loadPublishedIdsOfType(holder: StateHolder, contentTypeId: number): number[] {
  return [...holder.state.contents.values()]
    .filter((content) => content.contentTypeId === contentTypeId && content.status === 'PUBLISHED')
    .map((content) => content.id)
    .sort((a, b) => a - b);
}
