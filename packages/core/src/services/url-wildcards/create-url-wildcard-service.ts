import type { URLWildcardService } from '../../api/services/url-wildcard-service.js';
import type { URLWildcard } from '../../api/values/url-alias.js';
import { ContentValidationError, InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
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

/** The URLWildcardService of one user scope (Ibexa `URLWildcardService`; REST `/content/urlwildcards`). */
export function createUrlWildcardService(context: ServiceContext): URLWildcardService {
  const handler = context.persistence.urlWildcardHandler;
  const require = async (id: number): Promise<URLWildcard> => {
    const wildcard = await handler.load(id);
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
      if (await handler.loadBySourceUrl(source)) throw new InvalidArgumentError('$sourceUrl', 'Pattern already exists');
      const wildcards = source.split('*').length - 1;
      const highest = [...destination.matchAll(/\{(\d+)\}/g)].reduce((max, match) => Math.max(max, Number(match[1])), 0);
      if (highest > wildcards) throw new ContentValidationError('Placeholders are not matching with wildcards.');
      return context.persistence.transaction((tx) => tx.urlWildcardHandler.create({ sourceUrl: source, destinationUrl: destination, forward }));
    },
    load: (id) => require(id),
    loadAll: (offset = 0, limit = -1) => handler.loadAll(Math.max(0, offset), limit),
    async remove(id) {
      await require(id);
      await context.guard.assert('content', 'urltranslator', { kind: 'none' }, { urlWildcardId: id });
      await context.persistence.transaction((tx) => tx.urlWildcardHandler.remove(id));
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
