import type { ContentTypeCriterion, ContentTypeQuery, ContentTypeSearchResult } from '../../api/structs/content-type-query.js';
import type { ContentType, ContentTypeGroup } from '../../api/values/content-type.js';
import { assertNever, InvalidArgumentError } from '../../errors/repository-error.js';
import type { RepositoryRuntime } from '../repository-runtime.js';
import { contentTypeFromStorage } from './content-type-values.js';

/** Default page size of a content type search (Ibexa `ContentTypeQuery::DEFAULT_LIMIT`). */
export const DEFAULT_CONTENT_TYPE_LIMIT = 25;

/** What criteria read about the groups: which are system groups, and each group's lower-cased identifier. */
interface GroupFacts {
  readonly system: ReadonlySet<number>;
  readonly lowerIdentifiers: ReadonlyMap<number, string>;
}

const groupFacts = (groups: readonly ContentTypeGroup[]): GroupFacts => ({
  system: new Set(groups.filter((group) => group.isSystem).map((group) => group.id)),
  lowerIdentifiers: new Map(groups.map((group) => [group.id, group.identifier.toLowerCase()])),
});

/**
 * Searches published content types (Ibexa 4.6 `ContentTypeService::findContentTypes`): the criterion is evaluated
 * over every published type (types are reference data, few and cached), sorted by the clauses then by id
 * ascending (without clauses: by id), paged with offset/limit. Group criteria read the type's groups (by id, or by
 * identifier case-insensitively); unknown ids, identifiers or groups match nothing. No permission is needed
 * (reads of types check none).
 * @throws InvalidArgumentError for a negative offset or limit.
 */
export async function findContentTypes(runtime: RepositoryRuntime, query: ContentTypeQuery = {}): Promise<ContentTypeSearchResult> {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? DEFAULT_CONTENT_TYPE_LIMIT;
  if (!Number.isInteger(offset) || offset < 0) throw new InvalidArgumentError('$query', 'offset must be a non-negative integer');
  if (!Number.isInteger(limit) || limit < 0) throw new InvalidArgumentError('$query', 'limit must be a non-negative integer');
  const handler = runtime.persistence.contentTypeHandler;
  const [stored, groups] = await Promise.all([handler.loadContentTypes(), handler.loadGroups()]);
  const facts = groupFacts(groups);
  const types = stored.map((type) => contentTypeFromStorage(runtime.fieldTypes, type));
  const criterion = query.criterion;
  const matching = criterion === undefined ? types : types.filter((type) => matches(criterion, type, facts));
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

function matches(criterion: ContentTypeCriterion, type: ContentType, groups: GroupFacts): boolean {
  switch (criterion.type) {
    case 'ContentTypeId':
      return criterion.values.includes(type.id);
    case 'ContentTypeIdentifier':
      return criterion.values.includes(type.identifier);
    case 'ContentTypeGroupId':
      return type.groupIds.some((groupId) => criterion.values.includes(groupId));
    case 'ContentTypeGroupName': {
      const wanted = new Set(criterion.values.map((value) => value.toLowerCase()));
      return type.groupIds.some((groupId) => {
        const identifier = groups.lowerIdentifiers.get(groupId);
        return identifier !== undefined && wanted.has(identifier);
      });
    }
    case 'IsSystem':
      return type.groupIds.some((groupId) => groups.system.has(groupId)) === criterion.value;
    case 'ContainsFieldDefinitionId':
      return type.fieldDefinitions.some((definition) => criterion.values.includes(definition.id));
    case 'LogicalAnd':
      return criterion.criteria.every((inner) => matches(inner, type, groups));
    case 'LogicalOr':
      return criterion.criteria.some((inner) => matches(inner, type, groups));
    case 'LogicalNot':
      return !matches(criterion.criterion, type, groups);
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
