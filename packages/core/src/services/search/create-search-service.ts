import type { SearchService } from '../../api/services/search-service.js';
import type { Content } from '../../api/values/content.js';
import type { Criterion } from '../../domain/criteria/criterion.js';
import { DEFAULT_QUERY_LIMIT, type LanguageFilter, type Query, type SearchResult } from '../../domain/criteria/query.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { StoredContentType } from '../../spi/content-type-handler.js';
import type { IdSearchResult, ResolvedQuery } from '../../spi/search-handler.js';
import type { ServiceContext } from '../service-context.js';
import { inFilterLanguages, toContent } from '../content/content-reads.js';
import { inIdOrder } from '../permissions/readable-lists.js';
import { resolveCriterion, type ResolutionSources, type SearchTarget } from './criterion-resolver.js';
import { fieldTargetTypes } from './field-target.js';
import { resolveSortClauses } from './sort-clause-resolver.js';

const memo = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
};

const checkPaging = (name: 'offset' | 'limit', value: number): number => {
  if (!Number.isSafeInteger(value) || value < 0) throw new InvalidArgumentError(`$query->${name}`, 'must be a non-negative integer');
  return value;
};

const conjunction = (parts: readonly Criterion[]): Criterion => {
  const [only] = parts;
  if (parts.length === 1 && only) return only;
  return parts.length === 0 ? { type: 'MatchAll' } : { type: 'LogicalAnd', criteria: parts };
};

/** Whether the tree holds a Field or IsFieldEmpty criterion (whose target types the engine is told). */
const hasFieldTarget = (criterion: Criterion): boolean => {
  switch (criterion.type) {
    case 'LogicalAnd':
    case 'LogicalOr':
      return criterion.criteria.some(hasFieldTarget);
    case 'LogicalNot':
      return hasFieldTarget(criterion.criterion);
    default:
      return criterion.type === 'Field' || criterion.type === 'IsFieldEmpty';
  }
};

/** A resolved query, or null when the user may read nothing (the search is not run). */
type Resolution = ResolvedQuery | null;

/** The SearchService of one user scope (Ibexa `SearchService`); see the API docstring for the rules. */
export function createSearchService(context: ServiceContext): SearchService {
  const { persistence } = context;

  const sourcesFor = (): ResolutionSources => ({
    // The reference cache (5 s by default, dropped by every content type write of this repository): a search
    // must not load every content type with its definitions.
    contentTypes: memo(
      (): Promise<readonly StoredContentType[]> =>
        context.referenceCache.allContentTypes.get('all', () => persistence.contentTypeHandler.loadContentTypes()),
    ),
    languageCodes: memo(async () =>
      (await context.referenceCache.languages.get('all', () => persistence.languageHandler.loadAll())).map((language) => language.languageCode),
    ),
    fieldTypes: context.fieldTypes,
    logger: context.logger,
  });

  async function resolve(query: Query, languageFilter: LanguageFilter, target: SearchTarget): Promise<Resolution> {
    const offset = checkPaging('offset', query.offset ?? 0);
    const limit = checkPaging('limit', query.limit ?? DEFAULT_QUERY_LIMIT);
    const sources = sourcesFor();
    const parts: Criterion[] = [];
    for (const criterion of [query.filter, query.query]) {
      if (criterion) parts.push(await resolveCriterion(criterion, target, sources));
    }
    const sortClauses = await resolveSortClauses(query.sortClauses ?? [], target, sources);
    const languages = languageFilter.languages ?? [];
    if (languages.length > 0) {
      const byLanguage: Criterion = { type: 'LanguageCode', values: languages, matchAlwaysAvailable: languageFilter.useAlwaysAvailable ?? true };
      parts.push(await resolveCriterion(byLanguage, target, sources));
    }
    const readable = await context.guard.criterion('content', 'read');
    if (readable?.type === 'MatchNone') return null;
    if (readable) parts.push(readable);
    const criterion = conjunction(parts);
    const resolved: ResolvedQuery = { criterion, sortClauses, offset, limit, languageFilter, ...(query.performCount === false ? { performCount: false } : {}) };
    const fieldTypes = hasFieldTarget(criterion) ? fieldTargetTypes(criterion, await sources.contentTypes(), context.fieldTypes) : null;
    return fieldTypes && fieldTypes.size > 0 ? { ...resolved, fieldTargetTypes: fieldTypes } : resolved;
  }

  async function run(
    query: Query,
    languageFilter: LanguageFilter,
    target: SearchTarget,
  ): Promise<{ readonly ids: IdSearchResult; readonly started: number }> {
    const started = Date.now();
    const resolved = await resolve(query, languageFilter, target);
    if (resolved === null) return { ids: { totalCount: query.performCount === false ? null : 0, ids: [] }, started };
    const handler = persistence.searchHandler;
    return { ids: await (target === 'content' ? handler.findContent(resolved) : handler.findLocations(resolved)), started };
  }

  const result = <T>(totalCount: number | null, values: readonly T[], started: number): SearchResult<T> => ({
    totalCount,
    hits: values.map((value) => ({ value, score: null, index: null })),
    maxScore: null,
    time: Date.now() - started,
    timedOut: false,
  });

  const service: SearchService = {
    async findContent(query, languageFilter = {}) {
      const { ids, started } = await run(query, languageFilter, 'content');
      const stored = ids.ids.length === 0 ? [] : await persistence.contentHandler.loadCurrentList(ids.ids);
      const contents = inIdOrder(ids.ids, stored, (item) => item.contentInfo.id).map((item) => toContent(context, inFilterLanguages(item, languageFilter)));
      return result(ids.totalCount, contents, started);
    },

    async findContentInfo(query, languageFilter = {}) {
      const { ids, started } = await run(query, languageFilter, 'content');
      const infos = ids.ids.length === 0 ? [] : await persistence.contentHandler.loadContentInfoList(ids.ids);
      return result(ids.totalCount, inIdOrder(ids.ids, infos, (info) => info.id), started);
    },

    async findLocations(query, languageFilter = {}) {
      const { ids, started } = await run(query, languageFilter, 'location');
      const locations = ids.ids.length === 0 ? [] : await persistence.locationHandler.loadList(ids.ids);
      return result(ids.totalCount, inIdOrder(ids.ids, locations, (location) => location.id), started);
    },

    async findSingle(filter, languageFilter = {}): Promise<Content> {
      // Two hits at most tell one from several: no count of every match.
      const found = await service.findContent({ filter, limit: 2, performCount: false }, languageFilter);
      const [first] = found.hits;
      if (!first) throw new NotFoundError('Content', 'findSingle() found no content for the given $filter');
      if (found.hits.length > 1) throw new InvalidArgumentError('totalCount', 'findSingle() found more than one Content item for the given $filter');
      return first.value;
    },

    async countLocationChildren(locationIds) {
      const unique = [...new Set(locationIds)];
      if (unique.length === 0) return new Map();
      if ((await context.guard.hasAccess('content', 'read')) === true) return persistence.locationHandler.countChildren(unique);
      const counts = await Promise.all(
        unique.map(async (id) => {
          const found = await run({ filter: { type: 'ParentLocationId', values: [id] }, limit: 0 }, {}, 'location');
          return [id, found.ids.totalCount ?? 0] as const;
        }),
      );
      return new Map(counts);
    },
  };
  return service;
}
