import type { LocationRecord } from '../../../api/values/location.js';
import { NotImplementedError } from '../../../errors/repository-error.js';
import type { SortClause } from '../sort-clause.js';
import type { IndexedItem } from './indexed-item.js';

/** A hit being sorted: the item, and its location in a location search. */
export interface SortableHit {
  readonly item: IndexedItem;
  readonly location: LocationRecord | null;
}

/**
 * Code-point order of strings (what SQLite's BINARY and PostgreSQL's `COLLATE "C"` give), so that every engine
 * orders names identically.
 */
export function compareStrings(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = (a[index]?.codePointAt(0) ?? 0) - (b[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** The key a sort clause orders a hit by (numbers and strings; null sorts first). */
function sortKey(clause: SortClause, hit: SortableHit): number | string | null {
  const { item, location } = hit;
  switch (clause.type) {
    case 'ContentId':
      return item.contentInfo.id;
    case 'ContentName':
      return item.contentInfo.name.toLowerCase();
    case 'DateModified':
      return item.contentInfo.modificationDate.getTime();
    case 'DatePublished':
      return item.contentInfo.publishedDate?.getTime() ?? null;
    case 'SectionIdentifier':
      return item.section.identifier;
    case 'SectionName':
      return item.section.name;
    case 'ContentTypeIdentifier':
      return item.contentType.identifier;
    case 'ContentTypeName':
      return item.contentType.name;
    case 'LocationDepth':
      return location?.depth ?? null;
    case 'LocationPath':
      return location?.pathString ?? null;
    case 'LocationPriority':
      return location?.priority ?? null;
    case 'LocationId':
      return location?.id ?? null;
    case 'Score':
      return 0;
    case 'Field':
      throw new NotImplementedError('No handler available for Sort Clause: Field');
  }
}

function compareKeys(left: number | string | null, right: number | string | null): number {
  if (left === right) return 0;
  if (left === null) return -1;
  if (right === null) return 1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return compareStrings(String(left), String(right));
}

/**
 * Orders hits by the clauses, then by content id (content search) or location id (location search) ascending,
 * the deterministic tie-break every engine applies (sort-clause.ts).
 */
export function sortHits<T extends SortableHit>(hits: readonly T[], clauses: readonly SortClause[]): T[] {
  return [...hits].sort((left, right) => {
    for (const clause of clauses) {
      const order = compareKeys(sortKey(clause, left), sortKey(clause, right));
      if (order !== 0) return clause.direction === 'ascending' ? order : -order;
    }
    return (left.location?.id ?? left.item.contentInfo.id) - (right.location?.id ?? right.item.contentInfo.id);
  });
}
