import type { SortClause } from '../../domain/criteria/sort-clause.js';
import { LOCATION_SORT_CLAUSES } from '../../domain/criteria/sort-clause.js';
import { InvalidArgumentError } from '../../errors/repository-error.js';
import type { ResolutionSources, SearchTarget } from './criterion-resolver.js';
import { resolveFieldSortTarget } from './field-target.js';

/**
 * Validates sort clauses before a SearchHandler sees them, as Ibexa does: location clauses are
 * refused in content searches, a Field clause must name a searchable field of an existing content type, and the
 * direction must be `ascending` or `descending`.
 *
 * @throws InvalidArgumentError (406) `Location Sort Clauses cannot be used in Content search`,
 *   `No searchable Fields found for the provided Sort Clause target …`, or for an unknown direction.
 */
export async function resolveSortClauses(
  clauses: readonly SortClause[],
  target: SearchTarget,
  sources: ResolutionSources,
): Promise<readonly SortClause[]> {
  for (const clause of clauses) {
    if (clause.direction !== 'ascending' && clause.direction !== 'descending') {
      throw new InvalidArgumentError('$sortClause->direction', `Unknown sort direction '${String(clause.direction)}'`);
    }
    if (target === 'content' && LOCATION_SORT_CLAUSES.has(clause.type)) {
      throw new InvalidArgumentError('$query', 'Location Sort Clauses cannot be used in Content search');
    }
    if (clause.type === 'Field') {
      resolveFieldSortTarget(clause.contentTypeIdentifier, clause.fieldDefinitionIdentifier, await sources.contentTypes(), sources.fieldTypes);
    }
  }
  return clauses;
}
