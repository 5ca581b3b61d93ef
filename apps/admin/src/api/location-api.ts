import { rest } from './rest-fetch.js';
import type { Content, Location, TrashItem } from './wire-types.js';

/** How children are ordered: the parent's own sort field, or a fixed one. */
export type ChildOrder = 'location' | 'name' | 'modified' | 'priority';

/** A location's sort field (Ibexa's `Location::SORT_FIELD_*` names) as a search sort clause. */
const SORT_CLAUSES: Readonly<Record<string, string>> = {
  PATH: 'LocationPath',
  PUBLISHED: 'DatePublished',
  MODIFIED: 'DateModified',
  SECTION: 'SectionIdentifier',
  DEPTH: 'LocationDepth',
  PRIORITY: 'LocationPriority',
  NAME: 'ContentName',
  NODE_ID: 'LocationId',
  CONTENTOBJECT_ID: 'ContentId',
  CLASS_IDENTIFIER: 'ContentName',
  CLASS_NAME: 'ContentName',
};

/** A page of a search: the hits and the total count. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly count: number;
}

interface ViewBody {
  readonly View: { readonly Result: { readonly count: number; readonly searchHits: { readonly searchHit?: readonly { readonly value: { readonly Location?: Location; readonly Content?: Content } }[] } } };
}

/** Runs a `POST /views` (ViewInput 1.1) and answers its result. */
async function view(query: Record<string, unknown>, kind: 'LocationQuery' | 'ContentQuery'): Promise<ViewBody['View']['Result']> {
  const body = { ViewInput: { identifier: `admin-${kind}`, [kind]: query } };
  const answer = await rest<ViewBody>('/views', { method: 'POST', accept: 'View', input: { name: 'ViewInput', version: '1.1', body } });
  return answer.View.Result;
}

/**
 * A page of `parent`'s children, through a location search (`ParentLocationIdCriterion`) so that each hit comes
 * with its content info and child count in one request; ordered by the parent's sort field and order (`location`)
 * or a fixed clause.
 */
export async function loadChildren(parent: Pick<Location, 'id' | 'sortField' | 'sortOrder'>, order: ChildOrder, offset: number, limit: number): Promise<Page<Location>> {
  const direction = order === 'modified' ? 'descending' : order === 'location' && parent.sortOrder === 'DESC' ? 'descending' : 'ascending';
  const clause = order === 'name' ? 'ContentName' : order === 'modified' ? 'DateModified' : order === 'priority' ? 'LocationPriority' : (SORT_CLAUSES[parent.sortField] ?? 'LocationPath');
  const result = await view({ Filter: { ParentLocationIdCriterion: parent.id }, SortClauses: { [clause]: direction, ...(clause === 'LocationId' ? {} : { LocationId: 'ascending' }) }, limit, offset }, 'LocationQuery');
  return { items: (result.searchHits.searchHit ?? []).flatMap((hit) => (hit.value.Location ? [hit.value.Location] : [])), count: result.count };
}

/** Search criteria of the search page. */
export interface ContentSearch {
  readonly text: string;
  readonly contentTypeId?: number | undefined;
  readonly sectionId?: number | undefined;
  readonly offset: number;
  readonly limit: number;
}

/** A content search: full text as the scoring query, type and section as filters, newest first when no text. */
export async function searchContent(search: ContentSearch): Promise<Page<Content>> {
  const filter: Record<string, unknown> = {};
  if (search.contentTypeId !== undefined) filter['ContentTypeIdCriterion'] = search.contentTypeId;
  if (search.sectionId !== undefined) filter['SectionIdCriterion'] = search.sectionId;
  const text = search.text.trim();
  const query: Record<string, unknown> = { limit: search.limit, offset: search.offset, SortClauses: text === '' ? { DateModified: 'descending' } : { Score: 'descending' } };
  if (text !== '') query['Query'] = { FullTextCriterion: text };
  if (Object.keys(filter).length > 0) query['Filter'] = filter;
  const result = await view(query, 'ContentQuery');
  return { items: (result.searchHits.searchHit ?? []).flatMap((hit) => (hit.value.Content ? [hit.value.Content] : [])), count: result.count };
}

/**
 * Sends a location and its subtree to the trash (`MOVE` with `Destination: …/content/trash`). When the content
 * still has other locations Ibexa makes no trash item (204) and only this location goes.
 * @throws ApiError 401 when the user may not remove it.
 */
export async function trashLocation(location: Location): Promise<void> {
  await rest(location._href, { method: 'MOVE', headers: { Destination: `${location._href.slice(0, location._href.indexOf('/content/locations'))}/content/trash` } });
}

/** The trash, newest first as the API lists it (`GET /content/trash`). */
export async function loadTrash(): Promise<readonly TrashItem[]> {
  return (await rest<{ Trash: { TrashItem?: TrashItem[] } }>('/content/trash?limit=100', { accept: 'Trash' })).Trash.TrashItem ?? [];
}

/** Restores a trash item at its original place (`MOVE /content/trash/{id}`). @throws ApiError 403 when that parent is gone. */
export async function restoreTrashItem(item: TrashItem): Promise<void> {
  await rest(item._href, { method: 'MOVE' });
}
