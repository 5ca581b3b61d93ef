import type { FieldTypeRegistry } from '../field-types/field-type.js';
import { contentTypeFromStorage } from '../services/content-types/create-content-type-service.js';
import { indexDocument } from '../services/content/content-writes-support.js';
import { valuesFromStorage } from '../services/content/content-field-values.js';
import type { PersistenceHandler } from '../spi/persistence-handler.js';
import type { PasswordHasher } from '../spi/ports.js';
import type { SeedImporter } from '../spi/seed.js';
import { buildCleanInstallSeed } from './build-seed.js';
import { DEFAULT_ADMIN_PASSWORD } from './clean-install-data.js';

/** Options of {@link installCleanRepository}. */
export interface InstallOptions {
  readonly persistence: PersistenceHandler;
  readonly seedImporter: SeedImporter;
  readonly fieldTypes: FieldTypeRegistry;
  readonly passwordHasher: PasswordHasher;
  /** Password of `admin`; defaults to Ibexa's documented `publish`. */
  readonly adminPassword?: string;
  /** Languages to configure besides eng-GB (e.g. `['pol-PL']`). */
  readonly languages?: readonly string[];
}

/**
 * Seeds the Ibexa clean-install data into an empty store and indexes it for
 * search. Does nothing when the store already holds data.
 * @returns whether data was installed.
 */
export async function installCleanRepository(options: InstallOptions): Promise<boolean> {
  if (!(await options.seedImporter.isEmpty())) return false;
  const seed = buildCleanInstallSeed({
    fieldTypes: options.fieldTypes,
    adminPasswordHash: await options.passwordHasher.hash(options.adminPassword ?? DEFAULT_ADMIN_PASSWORD),
    languages: ['eng-GB', ...(options.languages ?? [])],
  });
  await options.seedImporter.import(seed);
  const types = new Map(seed.contentTypes.map((type) => [type.id, contentTypeFromStorage(options.fieldTypes, type)]));
  await options.persistence.transaction(async (tx) => {
    for (const content of seed.contents) {
      const type = types.get(content.contentInfo.contentTypeId);
      const version = content.versions.find((candidate) => candidate.versionInfo.status === 'PUBLISHED');
      if (!type || !version) continue;
      const values = valuesFromStorage(options.fieldTypes, version.fields);
      await tx.searchHandler.indexContent(
        indexDocument({ fieldTypes: options.fieldTypes }, type, content.contentInfo.id, version.versionInfo.versionNo, values),
      );
    }
  });
  return true;
}
