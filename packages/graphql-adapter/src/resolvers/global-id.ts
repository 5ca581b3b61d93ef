/**
 * Relay global ids: overblog's `base64(type + ":" + id)`, decoded by splitting on the first `:`. Items use the fixed
 * type name `DomainContent`; `deleteContent` answers `<Ident>Content`.
 */

/** `base64("<type>:<id>")`. */
export function toGlobalId(type: string, id: number | string): string {
  return Buffer.from(`${type}:${id}`, 'utf8').toString('base64');
}

/** The type and id of a global id, or null when it is not one. */
export function fromGlobalId(globalId: string): { type: string; id: string } | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(globalId)) return null;
  const decoded = Buffer.from(globalId, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator <= 0) return null;
  return { type: decoded.slice(0, separator), id: decoded.slice(separator + 1) };
}

/** The content id of an item global id (the type prefix is not checked, as in Ibexa), or null. */
export function contentIdOfGlobalId(globalId: string): number | null {
  const decoded = fromGlobalId(globalId);
  const id = decoded === null ? Number.NaN : Number(decoded.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The `id` of an item: `base64("DomainContent:<contentId>")`. */
export const itemGlobalId = (contentId: number): string => toGlobalId('DomainContent', contentId);
