import { hash, list, obj, val, type ObjectNode } from '../node.js';
import type { VisitContext } from './visit-context.js';

/** What a View (the search result of `POST /views`) shows. */
export interface ViewResultView {
  readonly identifier: string;
  /** Null when the query's `performCount` was false (rendered `null` in JSON, an empty element in XML). */
  readonly count: number | null;
  /** Milliseconds. */
  readonly time: number;
  readonly timedOut: boolean;
  readonly maxScore: number | null;
  /** Each hit's `Content` or `Location` element, in order. */
  readonly hits: readonly { readonly score: number | null; readonly index: string | null; readonly node: ObjectNode }[];
}

/** `/views/<identifier>` (the identifier URL-encoded). */
export function viewHref(context: Pick<VisitContext, 'hrefs'>, identifier: string): string {
  return context.hrefs.path(`/views/${encodeURIComponent(identifier)}`);
}

/**
 * `View`, as Ibexa's `RestExecutedView` visitor renders it: `identifier`, an empty `Query`, and `Result` (media
 * ViewResult) with `count`, `time`, `timedOut`, `maxScore` as child elements, `searchHits` → `searchHit` (media
 * searchHit, `score` 0 when the engine does not score, `index` "") each holding a `value` with the hit's element,
 * and `aggregations: []` (the engine computes none).
 */
export function viewNode(view: ViewResultView, context: VisitContext): ObjectNode {
  const href = viewHref(context, view.identifier);
  return obj('View', 'View', { href }, [
    val('identifier', view.identifier),
    obj('Query', 'Query', {}, []),
    obj('Result', 'ViewResult', { href: `${href}/results` }, [
      val('count', view.count),
      val('time', view.time),
      val('timedOut', view.timedOut),
      val('maxScore', view.maxScore),
      hash('searchHits', [
        list(
          'searchHit',
          view.hits.map((hit) => obj('searchHit', 'searchHit', { score: hit.score ?? 0, index: hit.index ?? '' }, [obj('value', 'value', {}, [hit.node])])),
        ),
      ]),
      list('aggregations', []),
    ]),
  ]);
}
