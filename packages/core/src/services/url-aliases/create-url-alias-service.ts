import type { URLAliasService } from '../../api/services/url-alias-service.js';
import type { URLAlias } from '../../api/values/url-alias.js';
import { parseUrlAliasId, pathSegments, segmentKey } from '../../domain/rules/url-alias-text.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { UrlAliasRecord } from '../../spi/url-alias-handler.js';
import type { ServiceContext } from '../service-context.js';
import type { LockTarget, PersistenceHandler } from '../../spi/persistence-handler.js';
import { underDiscoveredLocks } from '../discovered-locks.js';
import { underLock } from '../in-transaction.js';
import { toUrlAlias, toUrlAliases } from './alias-values.js';
import { createCustomAlias, GLOBAL_ALIASES, removeCustomAlias } from './custom-aliases.js';
import { aliasesTarget } from './location-aliases.js';

const notFound = (what: string): NotFoundError => new NotFoundError('URLAlias', what);

/** Whether an alias is shown for `languageCode` (its language, or always available); every alias without one. */
const inLanguage = (entry: UrlAliasRecord, languageCode: string | undefined): boolean =>
  languageCode === undefined || entry.languageCodes.includes(languageCode) || entry.alwaysAvailable;

/**
 * The URLAliasService of one user scope (Ibexa `URLAliasService`; REST `/content/urlaliases`,
 * `/content/locations/{path}/urlaliases`). Writes lock the aliases of the location they change (kind `urlAliases`,
 * id the location's; global aliases under {@link GLOBAL_ALIASES}) and read under the lock.
 */
export function createUrlAliasService(context: ServiceContext): URLAliasService {
  const handler = context.persistence.urlAliasHandler;
  const assertTranslator = (properties: Readonly<Record<string, string | number>> = {}): Promise<void> =>
    context.guard.assert('content', 'urltranslator', { kind: 'none' }, properties);
  /**
   * The location must exist and be readable (`content/read`): Ibexa's REST layer loads it through the
   * permission-checked API before it lists, looks up or creates its aliases (they carry the content's names).
   */
  const requireLocation = async (scope: ServiceContext, locationId: number): Promise<void> => {
    const location = await scope.persistence.locationHandler.load(locationId);
    if (!location) throw NotFoundError.location(locationId);
    await scope.guard.assert('content', 'read', { kind: 'content', contentInfo: location.contentInfo, locationIds: [locationId] }, { locationId });
  };
  const requireEntry = async (persistence: PersistenceHandler, aliasId: string): Promise<UrlAliasRecord> => {
    const key = parseUrlAliasId(aliasId);
    const entry = key && (await persistence.urlAliasHandler.loadEntry(key.parentId, key.textMd5));
    if (!entry) throw notFound(aliasId);
    return entry;
  };

  const service: URLAliasService = {
    async createUrlAlias(locationId, path, languageCode, forwarding = false, alwaysAvailable = false) {
      await assertTranslator({ locationId });
      await requireLocation(context, locationId);
      return underLock(context, [aliasesTarget(locationId)], async (tx) => {
        await requireLocation(tx, locationId);
        return createCustomAlias(tx.persistence, { target: { kind: 'location', locationId }, path, languageCode, forward: forwarding, alwaysAvailable });
      });
    },

    async createGlobalUrlAlias(resource, path, languageCode, forwarding = false, alwaysAvailable = false) {
      const match = /^([a-zA-Z0-9_]+):(.+)$/.exec(resource);
      if (!match?.[1] || !match[2]) throw new InvalidArgumentError('$resource', `'${resource}' is not a valid resource: expected <type>:<path>`);
      if (match[1] === 'eznode') {
        if (!/^\d+$/.test(match[2])) throw new InvalidArgumentError('$resource', `'${resource}' does not name a location`);
        return service.createUrlAlias(Number(match[2]), path, languageCode, forwarding, alwaysAvailable);
      }
      if (match[1] !== 'module') throw new InvalidArgumentError('$resource', `Resource type '${match[1]}' is not supported: use module: or eznode:`);
      await assertTranslator({ resource });
      return underLock(context, [aliasesTarget(GLOBAL_ALIASES)], (tx) =>
        createCustomAlias(tx.persistence, { target: { kind: 'resource', resource }, path, languageCode, forward: forwarding, alwaysAvailable }),
      );
    },

    async listLocationAliases(locationId, custom = true, languageCode) {
      await requireLocation(context, locationId);
      const entries = await handler.loadLocationEntries([locationId], custom);
      const current = entries.filter((entry) => entry.isOriginal && inLanguage(entry, languageCode));
      return toUrlAliases(context.persistence, current.sort((a, b) => a.id - b.id || a.parentId - b.parentId || (a.textMd5 < b.textMd5 ? -1 : 1)));
    },

    async listGlobalAliases(languageCode, offset = 0, limit = -1) {
      const entries = await handler.loadResourceEntries(0, -1);
      const selected = entries.filter((entry) => entry.isOriginal && inLanguage(entry, languageCode));
      return toUrlAliases(context.persistence, selected.slice(offset, limit < 0 ? undefined : offset + limit));
    },

    /** Locks the aliases of every location (or of the resources) an alias points at, and reads them under the lock. */
    async removeAliases(aliasIds) {
      await assertTranslator();
      for (const aliasId of aliasIds) await requireEntry(context.persistence, aliasId);
      const discover = async (persistence: PersistenceHandler): Promise<LockTarget[]> => {
        const targets: LockTarget[] = [];
        for (const aliasId of aliasIds) {
          const key = parseUrlAliasId(aliasId);
          const entry = key && (await persistence.urlAliasHandler.loadEntry(key.parentId, key.textMd5));
          if (entry) targets.push(aliasesTarget(entry.target.kind === 'location' ? entry.target.locationId : GLOBAL_ALIASES));
        }
        return targets;
      };
      await underDiscoveredLocks(context, discover, async (tx) => {
        for (const aliasId of aliasIds) await removeCustomAlias(tx.persistence, await requireEntry(tx.persistence, aliasId));
      });
    },

    async lookup(url, languageCode) {
      let parentId = 0;
      let history = false;
      const texts: string[] = [];
      let entry: UrlAliasRecord | null = null;
      for (const segment of pathSegments(url)) {
        entry = await handler.loadEntry(parentId, segmentKey(segment));
        if (!entry) throw notFound(url);
        history ||= !entry.isOriginal;
        texts.push(entry.text);
        parentId = entry.id;
      }
      if (!entry || !inLanguage(entry, languageCode)) throw notFound(url);
      return toUrlAlias(entry, `/${texts.filter((text) => text !== '').join('/')}`, history);
    },

    async reverseLookup(locationId, languageCode) {
      await requireLocation(context, locationId);
      const entries = (await handler.loadLocationEntries([locationId], false)).filter((entry) => entry.isOriginal);
      const entry = entries.find((candidate) => languageCode !== undefined && candidate.languageCodes.includes(languageCode)) ?? entries[0];
      if (!entry) throw notFound(`location ${locationId}`);
      const [alias] = await toUrlAliases(context.persistence, [entry]);
      if (!alias) throw notFound(`location ${locationId}`);
      return alias;
    },

    async load(aliasId): Promise<URLAlias> {
      const [alias] = await toUrlAliases(context.persistence, [await requireEntry(context.persistence, aliasId)]);
      if (!alias) throw notFound(aliasId);
      return alias;
    },
  };
  return service;
}
