import type { Precondition, Repository } from '../api/services/repository.js';
import { crc32 } from '../domain/rules/limitations.js';
import type { FieldTypeRegistry } from '../field-types/field-type.js';
import { createDefaultFieldTypeRegistry } from '../field-types/registry.js';
import type { BinaryStorage } from '../spi/binary-storage.js';
import type { ChangeFeed } from '../spi/change-feed.js';
import type { ImageProcessor } from '../spi/image-processor.js';
import type { ImageVariationDefinitions } from '../domain/images/image-variation-definitions.js';
import { createImageVariationService } from './images/create-image-variation-service.js';
import type { PersistenceHandler } from '../spi/persistence-handler.js';
import type { Clock, Logger, PasswordHasher } from '../spi/ports.js';
import { createContentService } from './content/create-content-service.js';
import { createContentTypeService } from './content-types/create-content-type-service.js';
import { FALLBACK_CACHE_TTL_MS, followChanges } from './follow-changes.js';
import { systemClock } from './platform-ports.js';
import type { ServiceContext } from './service-context.js';
import type { RepositoryRuntime } from './repository-runtime.js';
import { createLanguageService } from './languages/create-language-service.js';
import { createLocationService } from './locations/create-location-service.js';
import { PermissionCache } from './permissions/permission-cache.js';
import { createPermissionGuard, createSudoGuard } from './permissions/permission-guard.js';
import { ReferenceCache } from './reference-cache.js';
import { createSearchService } from './search/create-search-service.js';
import { createSectionService } from './sections/create-section-service.js';
import { createRoleService } from './roles/create-role-service.js';
import { createUserService } from './users/create-user-service.js';
import { createBookmarkService } from './bookmarks/create-bookmark-service.js';
import { createObjectStateService } from './object-states/create-object-state-service.js';
import { createTrashService } from './trash/create-trash-service.js';
import { createUrlAliasService } from './url-aliases/create-url-alias-service.js';
import { createUrlWildcardService } from './url-wildcards/create-url-wildcard-service.js';

/** Ports and settings of {@link createRepository}. */
export interface RepositoryOptions {
  readonly persistence: PersistenceHandler;
  readonly storage: BinaryStorage;
  readonly passwordHasher: PasswordHasher;
  /** Defaults to every built-in field type. */
  readonly fieldTypes?: FieldTypeRegistry;
  /** Defaults to the system clock. */
  readonly clock?: Clock;
  /** Content id of the anonymous user (10 in a clean install). */
  readonly anonymousUserId?: number;
  /** Name of the siteaccess the server represents (SiteAccess limitation); default `site`. */
  readonly siteAccess?: string;
  /**
   * Announcements of committed changes from every node sharing the database (the persistence's feed). With it,
   * cached content types, languages, default object states and permissions are dropped as soon as their change
   * is announced (see `dropChanged`), and the TTLs below are only a fallback for a missed announcement.
   * Without it, changes through this repository apply at once and other nodes' changes after the TTLs.
   */
  readonly changes?: ChangeFeed;
  /**
   * How long a user's roles are cached, in milliseconds (0 disables). Default: 1000; with `changes`,
   * `FALLBACK_CACHE_TTL_MS` (60 s).
   */
  readonly permissionCacheTtlMs?: number;
  /**
   * How long content types, languages and default object states are cached, in milliseconds (0 disables).
   * Default: 5000; with `changes`, `FALLBACK_CACHE_TTL_MS` (60 s). Changes through this repository apply at once.
   */
  readonly referenceCacheTtlMs?: number;
  /**
   * Resamples images for image variations (the server uses libvips). Without it every variation is the original
   * image, unresized.
   */
  readonly imageProcessor?: ImageProcessor;
  /** Image variation definitions; default Ibexa's built-in ones (reference, small, tiny, medium, large). */
  readonly imageVariations?: ImageVariationDefinitions;
  /**
   * Where the repository reports what an operator should know but callers are not told (e.g. a search for content
   * types that do not exist, which matches nothing). A pino logger fits. Default: reports are discarded.
   */
  readonly logger?: Logger;
}

/** The logger of a repository given none: discards every report. */
const SILENT_LOGGER: Logger = { warn: () => undefined };

/**
 * Builds a repository (Ibexa `Repository`) acting as the anonymous user; call `forUser` for another user.
 * Core alone: with `createInMemoryPersistence` from `@contentrepo/core/testing` it runs every domain rule in a
 * unit test.
 */
export function createRepository(options: RepositoryOptions): Repository {
  const runtime: RepositoryRuntime = {
    persistence: options.persistence,
    storage: options.storage,
    passwordHasher: options.passwordHasher,
    fieldTypes: options.fieldTypes ?? createDefaultFieldTypeRegistry(),
    clock: options.clock ?? systemClock,
    anonymousUserId: options.anonymousUserId ?? 10,
    siteAccessCrc: crc32(options.siteAccess ?? 'site'),
    permissionCache: new PermissionCache(options.permissionCacheTtlMs ?? (options.changes ? FALLBACK_CACHE_TTL_MS : 1000)),
    referenceCache: new ReferenceCache(options.referenceCacheTtlMs ?? (options.changes ? FALLBACK_CACHE_TTL_MS : 5000)),
    imageVariations: createImageVariationService({
      storage: options.storage,
      ...(options.imageProcessor ? { processor: options.imageProcessor } : {}),
      ...(options.imageVariations ? { definitions: options.imageVariations } : {}),
    }),
    logger: options.logger ?? SILENT_LOGGER,
  };
  if (options.changes) followChanges(runtime, options.changes);
  const scopes = new Map<number, Repository>();
  /** Per-user scopes are plain closures over the runtime: reuse them rather than rebuild per request. */
  const forUser = (userId: number): Repository => {
    let repository = scopes.get(userId);
    if (!repository) {
      if (scopes.size >= 1000) scopes.clear();
      repository = scope(runtime, userId, false, forUser, []);
      scopes.set(userId, repository);
    }
    return repository;
  };
  return forUser(runtime.anonymousUserId);
}

function scope(
  runtime: RepositoryRuntime,
  userId: number,
  sudo: boolean,
  forUser: (userId: number) => Repository,
  preconditions: readonly Precondition[],
): Repository {
  const context: ServiceContext = {
    ...runtime,
    userId,
    guard: sudo ? createSudoGuard(userId) : createPermissionGuard(runtime, userId),
    preconditions,
  };
  const locationService = createLocationService(context);
  return {
    contentService: createContentService(context),
    contentTypeService: createContentTypeService(context),
    locationService,
    searchService: createSearchService(context),
    sectionService: createSectionService(context),
    languageService: createLanguageService(context),
    userService: createUserService(context),
    roleService: createRoleService(context),
    trashService: createTrashService(context),
    objectStateService: createObjectStateService(context),
    urlAliasService: createUrlAliasService(context),
    urlWildcardService: createUrlWildcardService(context),
    imageVariationService: runtime.imageVariations,
    bookmarkService: createBookmarkService(context, (locationId) => locationService.loadLocation(locationId)),
    permissionResolver: context.guard,
    fieldTypes: runtime.fieldTypes,
    anonymousUserId: runtime.anonymousUserId,
    forUser: (user) => forUser(user.userId),
    sudo: (work) => work(scope(runtime, userId, true, forUser, preconditions)),
    withPreconditions: (conditions) => scope(runtime, userId, sudo, forUser, conditions),
    revisions: (targets) => runtime.persistence.revisions(targets),
  };
}
