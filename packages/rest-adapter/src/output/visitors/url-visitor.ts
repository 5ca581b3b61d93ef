import type { BookmarkList, URLAlias, URLWildcard } from '@contentrepo/core';
import { list, obj, ref, val, type ObjectNode } from '../node.js';
import type { VisitContext } from './visit-context.js';

/** Href of an alias (`/content/urlaliases/{id}`). */
export const urlAliasHref = (context: VisitContext, aliasId: string): string => context.hrefs.path(`/content/urlaliases/${aliasId}`);

/** Href of a wildcard (`/content/urlwildcards/{id}`). */
export const urlWildcardHref = (context: VisitContext, id: number): string => context.hrefs.path(`/content/urlwildcards/${id}`);

/**
 * `UrlAlias` element: `@id` `<parentId>-<md5>`, `@type`, then a `location` ref (LOCATION) or the
 * `resource` (RESOURCE; empty for VIRTUAL), `path`, comma-separated `languageCodes` and the flags.
 */
export function urlAliasNode(alias: URLAlias, locationPath: string | null, context: VisitContext): ObjectNode {
  return obj('UrlAlias', 'UrlAlias', { href: urlAliasHref(context, alias.id), id: alias.id, type: alias.type }, [
    alias.type === 'LOCATION' ? ref('location', 'Location', context.hrefs.location(locationPath ?? `/${alias.destination}/`)) : val('resource', alias.destination),
    val('path', alias.path),
    val('languageCodes', alias.languageCodes.join(',')),
    val('alwaysAvailable', alias.alwaysAvailable),
    val('isHistory', alias.isHistory),
    val('forward', alias.forward),
    val('custom', alias.isCustom),
  ]);
}

/** `UrlAliasRefList`: refs of the aliases. */
export function urlAliasRefListNode(aliases: readonly URLAlias[], href: string, context: VisitContext): ObjectNode {
  return obj('UrlAliasRefList', 'UrlAliasRefList', { href }, [
    list('UrlAlias', aliases.map((alias) => ref('UrlAlias', 'UrlAlias', urlAliasHref(context, alias.id)))),
  ]);
}

/** `UrlWildcard` element. */
export function urlWildcardNode(wildcard: URLWildcard, context: VisitContext): ObjectNode {
  return obj('UrlWildcard', 'UrlWildcard', { href: urlWildcardHref(context, wildcard.id), id: wildcard.id }, [
    val('sourceUrl', wildcard.sourceUrl),
    val('destinationUrl', wildcard.destinationUrl),
    val('forward', wildcard.forward),
  ]);
}

/** `UrlWildcardList` element. */
export function urlWildcardListNode(wildcards: readonly URLWildcard[], context: VisitContext): ObjectNode {
  return obj('UrlWildcardList', 'UrlWildcardList', { href: context.hrefs.path('/content/urlwildcards') }, [
    list('UrlWildcard', wildcards.map((wildcard) => urlWildcardNode(wildcard, context))),
  ]);
}

/**
 * `BookmarkList`: `count`, then the list `items` of `Bookmark` objects carrying an attribute literally named
 * `_href` (an Ibexa quirk; JSON `__href`) and wrapping the location's element.
 */
export function bookmarkListNode(bookmarks: BookmarkList, locationNodes: readonly ObjectNode[], context: VisitContext): ObjectNode {
  return obj('BookmarkList', 'BookmarkList', {}, [
    val('count', bookmarks.totalCount),
    list(
      'items',
      bookmarks.items.map((location, index) => obj('Bookmark', 'Bookmark', { _href: context.hrefs.path(`/bookmark/${location.id}`) }, [locationNodes[index]])),
    ),
  ]);
}
