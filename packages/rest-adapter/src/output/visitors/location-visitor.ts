import type { Location } from '@contentrepo/core';
import { list, obj, ref, val, type ObjectNode } from '../node.js';
import { contentNode, type EmbeddedVersion } from './content-visitor.js';
import type { VisitContext } from './visit-context.js';

/** What a `Location` element shows besides the location itself. */
export interface LocationView {
  readonly location: Location;
  readonly childCount: number;
  /** In search hits the embedded content is the full Content with its current version (as in Ibexa). */
  readonly currentVersion?: EmbeddedVersion;
  /** Search hits omit `explicitlyHidden`, as Ibexa's do. */
  readonly inSearchHit?: boolean;
}

/** `Location` element. */
export function locationNode(view: LocationView, context: VisitContext): ObjectNode {
  const { location } = view;
  const { hrefs } = context;
  const parentPath = location.pathString.split('/').slice(0, -2).join('/') + '/';
  return obj('Location', 'Location', { href: hrefs.location(location.pathString) }, [
    val('id', location.id),
    val('priority', location.priority),
    val('hidden', location.hidden),
    val('invisible', location.invisible),
    view.inSearchHit ? undefined : val('explicitlyHidden', location.hidden),
    location.depth === 0
      ? obj('ParentLocation', 'Location', {}, [])
      : ref('ParentLocation', 'Location', hrefs.location(parentPath)),
    val('pathString', location.pathString),
    val('depth', location.depth),
    val('childCount', view.childCount),
    val('remoteId', location.remoteId),
    ref('Children', 'LocationList', hrefs.locationChildren(location.pathString)),
    ref('Content', 'Content', hrefs.content(location.contentId)),
    val('sortField', location.sortField),
    val('sortOrder', location.sortOrder),
    ref('UrlAliases', 'UrlAliasRefList', hrefs.locationUrlAliases(location.pathString)),
    obj('ContentInfo', 'ContentInfo', { href: hrefs.content(location.contentId) }, [
      contentNode(
        { contentInfo: location.contentInfo, mainLocation: null, ...(view.currentVersion ? { currentVersion: view.currentVersion } : {}) },
        context,
      ),
    ]),
  ]);
}

/** `LocationList`: refs only. */
export function locationListNode(locations: readonly Location[], href: string, context: VisitContext): ObjectNode {
  return obj('LocationList', 'LocationList', { href }, [
    list('Location', locations.map((location) => ref('Location', 'Location', context.hrefs.location(location.pathString)))),
  ]);
}
