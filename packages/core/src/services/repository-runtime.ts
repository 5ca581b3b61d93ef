import type { ImageVariationService } from '../api/services/image-variation-service.js';
import type { FieldTypeRegistry } from '../field-types/field-type.js';
import type { BinaryStorage } from '../spi/binary-storage.js';
import type { PersistenceHandler } from '../spi/persistence-handler.js';
import type { Clock, Logger, PasswordHasher } from '../spi/ports.js';
import type { PermissionCache } from './permissions/permission-cache.js';
import type { ReferenceCache } from './reference-cache.js';

/** Ports and settings shared by every user scope of one repository. */
export interface RepositoryRuntime {
  readonly persistence: PersistenceHandler;
  readonly storage: BinaryStorage;
  readonly fieldTypes: FieldTypeRegistry;
  readonly clock: Clock;
  readonly passwordHasher: PasswordHasher;
  readonly anonymousUserId: number;
  /** CRC-32 of the siteaccess name (SiteAccess limitation). */
  readonly siteAccessCrc: string;
  readonly permissionCache: PermissionCache;
  /** Content types, languages and default object states, cached briefly. */
  readonly referenceCache: ReferenceCache;
  /** Image variations of stored images (generated on first request, removed with their content). */
  readonly imageVariations: ImageVariationService;
  /** Operator reports (warnings); a no-op logger when the repository was given none. */
  readonly logger: Logger;
}
