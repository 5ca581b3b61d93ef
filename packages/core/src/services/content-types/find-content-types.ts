import type { ContentTypeCriterion, ContentTypeQuery, ContentTypeSearchResult } from '../../api/structs/content-type-query.js';
import type { ContentType } from '../../api/values/content-type.js';
import { assertNever, InvalidArgumentError } from '../../errors/repository-error.js';
import type { RepositoryRuntime } from '../repository-runtime.js';
import { contentTypeFromStorage } from './content-type-values.js';

/** Default page size of a content type search (Ibexa `ContentTypeQuery::DEFAULT_LIMIT`). */
export const DEFAULT_CONTENT_TYPE_LIMIT = 25;

/**
 * Searches published content types (Ibexa 4.6 `ContentTypeService::findContentTypes`): the criterion is evaluated
 * over every published type (types are reference data, few and cached), sorted by the clauses then by id,
 * paged with offset/limit. No permission is needed (reads of types check none).
 * @throws InvalidArgumentError for a negative offset or limit.
 */
export async function findContentTypes(runtime: RepositoryRuntime, query: ContentTypeQuery = {}): Promise<ContentTypeSearchResult> {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? DEFAULT_CONTENT_TYPE_LIMIT;
  if (!Number.isInteger(offset) || offset < 0) throw new InvalidArgumentError('$query', 'offset must be a non-negative integer');
  if (!Number.isInteger(limit) || limit < 0) throw new InvalidArgumentError('$query', 'limit must be a non-negative integer');
  const handler = runtime.persistence.contentTypeHandler;
  const [stored, groups] = await Promise.all([handler.loadContentTypes(), handler.loadGroups()]);
  const systemGroups = new Set(groups.filter((group) => group.isSystem).map((group) => group.id));
  const types = stored.map((type) => contentTypeFromStorage(runtime.fieldTypes, type));
  const criterion = query.criterion;
  const matching = criterion === undefined ? types : types.filter((type) => matches(criterion, type, systemGroups));
  const clauses = query.sortClauses ?? [];
  const sorted = [...matching].sort((a, b) => {
    for (const clause of clauses) {
      const order = compare(sortKey(a, clause.target), sortKey(b, clause.target));
      if (order !== 0) return clause.direction === 'ascending' ? order : -order;
    }
    return a.id - b.id;
  });
  return { totalCount: sorted.length, items: sorted.slice(offset, offset + limit) };
}

function matches(criterion: ContentTypeCriterion, type: ContentType, systemGroups: ReadonlySet<number>): boolean {
  switch (criterion.type) {
    case 'ContentTypeId':
      return criterion.values.includes(type.id);
    case 'ContentTypeIdentifier':
      return criterion.values.includes(type.identifier);
    case 'ContentTypeGroupId':
      return type.groupIds.some((groupId) => criterion.values.includes(groupId));
    case 'IsSystem':
      return type.groupIds.some((groupId) => systemGroups.has(groupId)) === criterion.value;
    case 'ContainsFieldDefinitionId':
      return type.fieldDefinitions.some((definition) => criterion.values.includes(definition.id));
    case 'LogicalAnd':
      return criterion.criteria.every((inner) => matches(inner, type, systemGroups));
    case 'LogicalOr':
      return criterion.criteria.some((inner) => matches(inner, type, systemGroups));
    case 'LogicalNot':
      return !matches(criterion.criterion, type, systemGroups);
    default:
      return assertNever(criterion, 'content type criterion');
  }
}

function sortKey(type: ContentType, target: 'Id' | 'Identifier' | 'Name'): string | number {
  if (target === 'Id') return type.id;
  if (target === 'Identifier') return type.identifier;
  return type.names[type.mainLanguageCode] ?? '';
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
