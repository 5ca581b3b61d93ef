import type { FieldTypeRegistry } from '../../field-types/field-type.js';
import type { UserReference } from '../values/common.js';
import type { ContentService } from './content-service.js';
import type { ContentTypeService } from './content-type-service.js';
import type { LanguageService } from './language-service.js';
import type { LocationService } from './location-service.js';
import type { PermissionResolver } from './permission-resolver.js';
import type { RoleService } from './role-service.js';
import type { SearchService } from './search-service.js';
import type { SectionService } from './section-service.js';
import type { UserService } from './user-service.js';
import type { BookmarkService } from './bookmark-service.js';
import type { ImageVariationService } from './image-variation-service.js';
import type { ObjectStateService } from './object-state-service.js';
import type { TrashService } from './trash-service.js';
import type { URLAliasService } from './url-alias-service.js';
import type { URLWildcardService } from './url-wildcard-service.js';
import type { LockTarget } from '../../spi/persistence-handler.js';

/**
 * A condition on a write, from a client's entity tag (HTTP `If-Match`): the aggregate `target` must still be at
 * `revision` when the write locks it.
 */
export interface Precondition {
  readonly target: LockTarget;
  readonly revision: number;
}

/**
 * The entry point users call (Ibexa `Repository`): services bound to one user. `forUser` gives the same
 * repository acting for another user (adapters call it once per request); `sudo` runs work without
 * permission checks (for trusted internal tasks, never for a request's own operations).
 */
export interface Repository {
  readonly contentService: ContentService;
  readonly contentTypeService: ContentTypeService;
  readonly locationService: LocationService;
  readonly searchService: SearchService;
  readonly sectionService: SectionService;
  readonly languageService: LanguageService;
  readonly userService: UserService;
  readonly roleService: RoleService;
  readonly trashService: TrashService;
  readonly objectStateService: ObjectStateService;
  readonly urlAliasService: URLAliasService;
  readonly urlWildcardService: URLWildcardService;
  readonly bookmarkService: BookmarkService;
  /** Image variations (image aliases) of stored images. */
  readonly imageVariationService: ImageVariationService;
  readonly permissionResolver: PermissionResolver;
  /** Field types known to this repository, for adapters that render or parse field values. */
  readonly fieldTypes: FieldTypeRegistry;
  /** Id of the anonymous user (10 in a clean install), who runs requests without credentials. */
  readonly anonymousUserId: number;
  forUser(user: UserReference): Repository;
  sudo<T>(work: (repository: Repository) => Promise<T>): Promise<T>;
  /**
   * The same repository whose writes check `preconditions`: the first write that locks (`PersistenceHandler.lock`)
   * also locks every precondition's aggregate, and throws PreconditionFailedError, changing nothing, when one of
   * them is no longer at the given revision. Adapters build one per conditional request.
   */
  withPreconditions(preconditions: readonly Precondition[]): Repository;
  /**
   * The current revision of each aggregate (0 for one never written), in `targets` order: the entity tag of its
   * resources. Not permission-checked: read the object through its service first.
   */
  revisions(targets: readonly LockTarget[]): Promise<readonly number[]>;
}
