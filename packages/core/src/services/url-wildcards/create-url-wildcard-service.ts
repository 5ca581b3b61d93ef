import type { URLWildcardService } from '../../api/services/url-wildcard-service.js';
import type { URLWildcard } from '../../api/values/url-alias.js';
import { ContentValidationError, InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { UrlWildcardHandler } from '../../spi/url-wildcard-handler.js';
import { underLock } from '../in-transaction.js';
import type { ServiceContext } from '../service-context.js';

/** A URL as Ibexa stores wildcard URLs: one leading slash, no trailing slash or blanks (`cleanUrl`). */
export const cleanUrl = (url: string): string => `/${url.replace(/^[\s/]+|[\s/]+$/g, '')}`;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The destination of `url` through one wildcard, or null (Ibexa Legacy `UrlWildcard\Handler::match`): the source
 * pattern is anchored, each `*` matches lazily, and `{n}` in the destination takes the n-th match.
 */
export function matchWildcard(wildcard: URLWildcard, url: string): string | null {
  const pattern = new RegExp(`^${wildcard.sourceUrl.split('*').map(escapeRegExp).join('(.*?)')}$`, 's');
  const match = pattern.exec(cleanUrl(url));
  if (!match) return null;
  return wildcard.destinationUrl.replace(/\{(\d+)\}/g, (placeholder, index: string) => match[Number(index)] ?? placeholder);
}

/**
 * The URLWildcardService of one user scope (Ibexa `URLWildcardService`; REST `/content/urlwildcards`). Writes lock
 * the wildcard (kind `urlWildcard`); source patterns are unique in storage, so of two concurrent creations of one
 * pattern the second fails.
 */
export function createUrlWildcardService(context: ServiceContext): URLWildcardService {
  const handler = context.persistence.urlWildcardHandler;
  const require = async (wildcards: UrlWildcardHandler, id: number): Promise<URLWildcard> => {
    const wildcard = await wildcards.load(id);
    if (!wildcard) throw new NotFoundError('URLWildcard', id);
    return wildcard;
  };
  return {
    /**
     * @throws InvalidArgumentError when the source pattern exists (REST 403); ContentValidationError when a
     *   placeholder refers to a wildcard the source does not have.
     */
    async create(sourceUrl, destinationUrl, forward = false) {
      await context.guard.assert('content', 'urltranslator', { kind: 'none' });
      const source = cleanUrl(sourceUrl);
      const destination = cleanUrl(destinationUrl);
      const assertFree = async (wildcards: UrlWildcardHandler): Promise<void> => {
        if (await wildcards.loadBySourceUrl(source)) throw new InvalidArgumentError('$sourceUrl', 'Pattern already exists');
      };
      await assertFree(handler);
      const wildcards = source.split('*').length - 1;
      const highest = [...destination.matchAll(/\{(\d+)\}/g)].reduce((max, match) => Math.max(max, Number(match[1])), 0);
      if (highest > wildcards) throw new ContentValidationError('Placeholders are not matching with wildcards.');
      return underLock(context, [], async (tx) => {
        await assertFree(tx.persistence.urlWildcardHandler);
        const wildcard = await tx.persistence.urlWildcardHandler.create({ sourceUrl: source, destinationUrl: destination, forward });
        await tx.persistence.lock([{ kind: 'urlWildcard', id: wildcard.id }]);
        return wildcard;
      });
    },
    load: (id) => require(handler, id),
    loadAll: (offset = 0, limit = -1) => handler.loadAll(Math.max(0, offset), limit),
    async remove(id) {
      await require(handler, id);
      await context.guard.assert('content', 'urltranslator', { kind: 'none' }, { urlWildcardId: id });
      await underLock(context, [{ kind: 'urlWildcard', id }], async (tx) => {
        await require(tx.persistence.urlWildcardHandler, id);
        await tx.persistence.urlWildcardHandler.remove(id);
      });
    },
    async translate(url) {
      for (const wildcard of await handler.loadAll(0, -1)) {
        const uri = matchWildcard(wildcard, url);
        if (uri !== null) return { uri, forward: wildcard.forward };
      }
      throw new NotFoundError('URLWildcard', url);
    },
  };
}
