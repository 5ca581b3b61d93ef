import type { LocationRecord } from '../../../api/values/location.js';
import { assertNever } from '../../../errors/repository-error.js';
import type { SortClause, SortClauseOf } from '../sort-clause.js';
import { type EvaluationContext, fieldLanguage } from './evaluation-context.js';
import type { IndexedItem } from './indexed-item.js';
import { compareStrings } from './strings.js';

export { compareStrings } from './strings.js';

/** A hit being sorted: the item, and its location in a location search. */
export interface SortableHit {
  readonly item: IndexedItem;
  readonly location: LocationRecord | null;
}

/** One key a clause orders by (null sorts first ascending, last descending). */
type SortKey = number | string | null;

/**
 * Field sort: the (sortKeyInt, sortKeyString) of the field `fieldDefinitionIdentifier` when the hit's
 * content type is `contentTypeIdentifier`, in the translation chosen as for the Field criterion; nulls otherwise.
 */
function fieldKeys(clause: SortClauseOf<'Field'>, item: IndexedItem, context: EvaluationContext): readonly SortKey[] {
  if (item.contentType.identifier !== clause.contentTypeIdentifier) return [null, null];
  const language = fieldLanguage(item, context.languageFilter);
  const entry = item.fields.find((candidate) => candidate.fieldDefIdentifier === clause.fieldDefinitionIdentifier && candidate.languageCode === language);
  return entry ? [entry.sortKeyInt, entry.sortKeyString] : [null, null];
}

/** The keys a sort clause orders a hit by, most significant first. */
function sortKeys(clause: SortClause, hit: SortableHit, context: EvaluationContext): readonly SortKey[] {
  const { item, location } = hit;
  switch (clause.type) {
    case 'ContentId':
      return [item.contentInfo.id];
    case 'ContentName':
      return [item.contentInfo.name.toLowerCase()];
    case 'DateModified':
      return [item.contentInfo.modificationDate.getTime()];
    case 'DatePublished':
      return [item.contentInfo.publishedDate?.getTime() ?? null];
    case 'SectionIdentifier':
      return [item.section.identifier];
    case 'SectionName':
      return [item.section.name];
    case 'ContentTypeIdentifier':
      return [item.contentType.identifier];
    case 'ContentTypeName':
      return [item.contentType.name];
    case 'LocationDepth':
      return [location?.depth ?? null];
    case 'LocationPath':
      return [location?.pathString ?? null];
    case 'LocationPriority':
      return [location?.priority ?? null];
    case 'LocationId':
      return [location?.id ?? null];
    case 'Score':
      return [];
    case 'Field':
      return fieldKeys(clause, item, context);
    default:
      return assertNever(clause, 'sort clause');
  }
}

function compareKeys(left: SortKey, right: SortKey): number {
  if (left === right) return 0;
  if (left === null) return -1;
  if (right === null) return 1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return compareStrings(String(left), String(right));
}

/**
 * Orders hits by the clauses, then by content id (content search) or location id (location search) ascending,
 * the deterministic tie-break every engine applies (sort-clause.ts, docs/adr/0004-search-semantics.md).
 */
export function sortHits<T extends SortableHit>(hits: readonly T[], clauses: readonly SortClause[], context: EvaluationContext): T[] {
  const keyed = hits.map((hit) => ({ hit, keys: clauses.map((clause) => sortKeys(clause, hit, context)) }));
  keyed.sort((left, right) => {
    for (const [index, clause] of clauses.entries()) {
      const leftKeys = left.keys[index] ?? [];
      const rightKeys = right.keys[index] ?? [];
      for (let part = 0; part < Math.max(leftKeys.length, rightKeys.length); part += 1) {
        const order = compareKeys(leftKeys[part] ?? null, rightKeys[part] ?? null);
        if (order !== 0) return clause.direction === 'ascending' ? order : -order;
      }
    }
    const tie = (hit: SortableHit): number => hit.location?.id ?? hit.item.contentInfo.id;
    return tie(left.hit) - tie(right.hit);
  });
  return keyed.map((entry) => entry.hit);
}
