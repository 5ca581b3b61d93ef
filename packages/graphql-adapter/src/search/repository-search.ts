import type { ContentSearch } from './content-search.js';

/**
 * {@link ContentSearch} on core's SearchService: the request user's permissions, ContentTypeIdentifier resolution
 * and validation all happen in core, with the semantics of Ibexa's search and permission model (the same service
 * answers REST `POST /views`).
 */
export const repositorySearch: ContentSearch = {
  async findContent(repository, query) {
    const result = await repository.searchService.findContentInfo({
      filter: query.criterion,
      sortClauses: query.sortClauses,
      offset: query.offset,
      limit: query.limit,
    });
    return { totalCount: result.totalCount ?? 0, ids: result.hits.map((hit) => hit.value.id) };
  },
  async findLocations(repository, query) {
    const result = await repository.searchService.findLocations({
      filter: query.criterion,
      sortClauses: query.sortClauses,
      offset: query.offset,
      limit: query.limit,
    });
    return { totalCount: result.totalCount ?? 0, ids: result.hits.map((hit) => hit.value.id) };
  },
};
