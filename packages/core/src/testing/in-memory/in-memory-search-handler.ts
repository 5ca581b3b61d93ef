import type { LocationRecord } from '../../api/values/location.js';
import type { EvaluationContext } from '../../domain/criteria/evaluator/evaluation-context.js';
import { createFullTextIndex } from '../../domain/criteria/evaluator/full-text.js';
import { type ImageFacts, imageFactsOf, type IndexedItem } from '../../domain/criteria/evaluator/indexed-item.js';
import { matchItem } from '../../domain/criteria/evaluator/matchers.js';
import { sortHits } from '../../domain/criteria/evaluator/sort.js';
import type { FieldTypeRegistry } from '../../field-types/field-type.js';
import type { ResolvedQuery, SearchHandler } from '../../spi/search-handler.js';
import { type InMemoryState, type StateHolder, versionKey } from './in-memory-state.js';

/**
 * In-memory SearchHandler: evaluates queries with core's reference evaluator over every published item.
 * Slow by design (a full scan); it defines the answers the SQL engines must give. Supports every criterion and
 * sort clause of the model (capabilities `fullText` and `imageCriteria`; no `scoring`). Index entries carry their
 * search family; `fieldTypes` tell which stored fields are image fields and what their data says
 * (`FieldType.imageProperties`).
 */
export function createInMemorySearchHandler(holder: StateHolder, fieldTypes: FieldTypeRegistry): SearchHandler {
  const s = (): InMemoryState => holder.state;

  const items = (): IndexedItem[] => {
    const state = s();
    const locationsByContent = new Map<number, LocationRecord[]>();
    for (const location of state.locations.values()) {
      if (location.depth === 0) continue;
      locationsByContent.set(location.contentId, [...(locationsByContent.get(location.contentId) ?? []), location]);
    }
    const groupsOf = (userId: number): number[] => {
      const ids = new Set<number>();
      for (const location of locationsByContent.get(userId) ?? []) {
        for (const part of location.pathString.split('/')) {
          const ancestor = state.locations.get(Number(part));
          if (part !== '' && ancestor && ancestor.id !== location.id && ancestor.contentId !== 0) ids.add(ancestor.contentId);
        }
      }
      return [...ids];
    };
    return [...state.contents.values()]
      .filter((content) => content.status === 'PUBLISHED')
      .flatMap((contentInfo): IndexedItem[] => {
        const versionInfo = state.versions.get(versionKey(contentInfo.id, contentInfo.currentVersionNo));
        const type = state.contentTypes.get(contentInfo.contentTypeId);
        const section = state.sections.get(contentInfo.sectionId);
        if (!versionInfo || !type || !section) return [];
        return [
          {
            contentInfo,
            versionInfo,
            locations: (locationsByContent.get(contentInfo.id) ?? []).sort((a, b) => a.id - b.id),
            contentType: {
              identifier: type.identifier,
              name: type.names[type.mainLanguageCode] ?? type.identifier,
              isContainer: type.isContainer,
              groupIds: type.groupIds,
            },
            section,
            states: (state.contentStates.get(contentInfo.id) ?? []).flatMap((id) => {
              const objectState = state.states.get(id);
              const group = objectState && state.stateGroups.get(objectState.groupId);
              return objectState && group ? [{ id, identifier: objectState.identifier, groupIdentifier: group.identifier }] : [];
            }),
            account: state.accounts.get(contentInfo.id) ?? null,
            fields: state.index.get(contentInfo.id)?.fields ?? [],
            images: (state.fields.get(versionKey(contentInfo.id, contentInfo.currentVersionNo)) ?? []).flatMap(
              (field): ImageFacts[] => {
                const facts = imageFactsOf(field, fieldTypes);
                return facts ? [facts] : [];
              },
            ),
            ownerGroupIds: groupsOf(contentInfo.ownerId),
            bookmarkedBy: state.management.bookmarks,
          },
        ];
      });
  };

  const evaluation = (all: readonly IndexedItem[], query: ResolvedQuery): EvaluationContext => ({
    languageFilter: query.languageFilter,
    fullText: createFullTextIndex(all),
  });

  return {
    supports: (capability) => capability === 'fullText' || capability === 'imageCriteria',
    async findContent(query) {
      const all = items();
      const context = evaluation(all, query);
      const hits = all.filter((item) => matchItem(query.criterion, item, null, context)).map((item) => ({ item, location: null }));
      const sorted = sortHits(hits, query.sortClauses, context);
      return {
        totalCount: query.performCount === false ? null : sorted.length,
        ids: sorted.slice(query.offset, query.offset + query.limit).map((hit) => hit.item.contentInfo.id),
      };
    },
    async findLocations(query) {
      const all = items();
      const context = evaluation(all, query);
      const hits = all.flatMap((item) =>
        item.locations.filter((location) => matchItem(query.criterion, item, location, context)).map((location) => ({ item, location })),
      );
      const sorted = sortHits(hits, query.sortClauses, context);
      return {
        totalCount: query.performCount === false ? null : sorted.length,
        ids: sorted.slice(query.offset, query.offset + query.limit).map((hit) => hit.location.id),
      };
    },
    async indexContent(document) {
      s().index.set(document.contentId, document);
    },
    async deleteContent(contentId) {
      s().index.delete(contentId);
    },
  };
}
