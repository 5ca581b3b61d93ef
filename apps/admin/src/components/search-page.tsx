import { loadContentTypes, loadSections } from '../api/content-api.js';
import { searchContent } from '../api/location-api.js';
import { idOf, translated } from '../api/wire-types.js';
import { navigate } from '../history-router.js';
import { useAsync } from '../use-async.js';
import { ErrorMessage } from './error-message.js';
import { Link } from './link.js';

/** Hits per page of the search. */
const PAGE_SIZE = 10;

/** The search's state, kept in the URL's query (`?q=&type=&section=&page=`) so that it can be shared and reloaded. */
interface SearchParams {
  readonly text: string;
  readonly contentTypeId: number | undefined;
  readonly sectionId: number | undefined;
  readonly page: number;
}

function paramsOf(query: string): SearchParams {
  const params = new URLSearchParams(query);
  const number = (name: string): number | undefined => (params.get(name) ? Number(params.get(name)) : undefined);
  return { text: params.get('q') ?? '', contentTypeId: number('type'), sectionId: number('section'), page: Math.max(1, number('page') ?? 1) };
}

function pathOf(search: SearchParams): string {
  const params = new URLSearchParams();
  if (search.text !== '') params.set('q', search.text);
  if (search.contentTypeId !== undefined) params.set('type', String(search.contentTypeId));
  if (search.sectionId !== undefined) params.set('section', String(search.sectionId));
  if (search.page > 1) params.set('page', String(search.page));
  const query = params.toString();
  return `/search${query === '' ? '' : `?${query}`}`;
}

/** Search: full text, filters by content type and section, and paging, through a content search (`POST /views`). */
export function SearchPage(props: { readonly query: string }) {
  const search = paramsOf(props.query);
  const [choices] = useAsync(async () => ({ types: await loadContentTypes(), sections: await loadSections() }), []);
  const [result] = useAsync(
    () => searchContent({ text: search.text, contentTypeId: search.contentTypeId, sectionId: search.sectionId, offset: (search.page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    [props.query],
  );
  const types = choices.state === 'done' ? choices.value.types : [];
  const sections = choices.state === 'done' ? choices.value.sections : [];
  const pages = result.state === 'done' ? Math.max(1, Math.ceil(result.value.count / PAGE_SIZE)) : 1;
  return (
    <div class="search-page">
      <h1>Search</h1>
      <form
        class="search-form card"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const number = (name: string): number | undefined => (form.get(name) ? Number(form.get(name)) : undefined);
          navigate(pathOf({ text: String(form.get('q') ?? ''), contentTypeId: number('type'), sectionId: number('section'), page: 1 }));
        }}
      >
        <input name="q" type="search" aria-label="Search text" placeholder="Search content…" value={search.text} />
        <select name="type" aria-label="Content type">
          <option value="">All content types</option>
          {types.map((type) => (
            <option value={String(type.id)} selected={type.id === search.contentTypeId} key={type.id}>
              {translated(type.names) || type.identifier}
            </option>
          ))}
        </select>
        <select name="section" aria-label="Section">
          <option value="">All sections</option>
          {sections.map((section) => (
            <option value={String(section.sectionId)} selected={section.sectionId === search.sectionId} key={section.sectionId}>
              {section.name}
            </option>
          ))}
        </select>
        <button type="submit" class="primary">
          Search
        </button>
      </form>
      {result.state === 'failed' ? <ErrorMessage error={result.error} /> : null}
      {result.state === 'loading' ? <p class="muted">Searching…</p> : null}
      {result.state === 'done' ? (
        <section class="card">
          <p class="muted result-count">
            {result.value.count} {result.value.count === 1 ? 'result' : 'results'}
          </p>
          <table class="results">
            <thead>
              <tr>
                <th>Name</th>
                <th>Content type</th>
                <th>Modified</th>
              </tr>
            </thead>
            <tbody>
              {result.value.items.map((content) => {
                const type = types.find((candidate) => candidate.id === idOf(content.ContentType));
                return (
                  <tr key={content._id}>
                    <td>
                      <Link to={`/content/${content._id}`}>{content.Name}</Link>
                    </td>
                    <td>{type ? translated(type.names) || type.identifier : ''}</td>
                    <td>{new Date(content.lastModificationDate).toLocaleString()}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {pages > 1 ? (
            <nav class="pager" aria-label="Pages">
              <button type="button" disabled={search.page <= 1} onClick={() => navigate(pathOf({ ...search, page: search.page - 1 }))}>
                ← Previous
              </button>
              <span>
                Page {search.page} of {pages}
              </span>
              <button type="button" disabled={search.page >= pages} onClick={() => navigate(pathOf({ ...search, page: search.page + 1 }))}>
                Next →
              </button>
            </nav>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
