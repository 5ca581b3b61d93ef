import type { TrashItem } from '@contentrepo/core';
import { list, obj, ref, val, type ObjectNode } from '../node.js';
import { contentNode } from './content-visitor.js';
import type { VisitContext } from './visit-context.js';

/** `TrashItem` element: the location as it was, with its original parent and embedded ContentInfo. */
export function trashItemNode(item: TrashItem, context: VisitContext): ObjectNode {
  const { hrefs } = context;
  const parentPath = `${item.pathString.split('/').slice(0, -2).join('/')}/`;
  return obj('TrashItem', 'TrashItem', { href: hrefs.path(`/content/trash/${item.id}`) }, [
    val('id', item.id),
    val('priority', item.priority),
    val('hidden', item.hidden),
    val('invisible', item.invisible),
    ref('ParentLocation', 'Location', hrefs.location(parentPath)),
    val('pathString', item.pathString),
    val('depth', item.depth),
    val('childCount', item.childCount),
    val('remoteId', item.remoteId),
    ref('Content', 'Content', hrefs.content(item.contentId)),
    val('sortField', item.sortField),
    val('sortOrder', item.sortOrder),
    obj('ContentInfo', 'ContentInfo', { href: hrefs.content(item.contentId) }, [contentNode({ contentInfo: item.contentInfo, mainLocation: null }, context)]),
  ]);
}

/** `Trash`: full trash items. */
export function trashNode(items: readonly TrashItem[], href: string, context: VisitContext): ObjectNode {
  return obj('Trash', 'Trash', { href }, [list('TrashItem', items.map((item) => trashItemNode(item, context)))]);
}
