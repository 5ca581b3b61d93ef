import type { ContentType } from '../../api/values/content-type.js';
import {
  ContentFieldValidationError,
  type FieldValidationFailure,
} from '../../errors/repository-error.js';
import { FieldValueError, type FieldPrepareContext, type PendingBinary, type StoredBinary } from '../../field-types/field-type.js';
import type { RepositoryRuntime } from '../repository-runtime.js';
import { detectMimeType } from '../../domain/files/mime-type-detection.js';
import { randomHex } from '../ids.js';
import { validateFieldValues, type VersionValues } from './content-field-values.js';

/** Values ready to store plus the files written for them (to delete again if the write fails). */
export interface PreparedValues {
  readonly values: VersionValues;
  readonly storedKeys: readonly string[];
}

/**
 * Runs `FieldType.prepareForStorage` on every value of the given languages (stores uploads, hashes passwords),
 * before the write transaction, then validates again (a streamed upload's size is only known once stored).
 * When a field fails, files already stored are deleted before rethrowing.
 * @throws ContentFieldValidationError when a file cannot be stored as the field needs (e.g. not an image, or
 *   over the field's maximum size).
 */
export async function prepareValues(
  runtime: RepositoryRuntime,
  contentType: ContentType,
  values: VersionValues,
  languageList: Iterable<string>,
): Promise<PreparedValues> {
  const languages = [...languageList];
  const storedKeys: string[] = [];
  const context: FieldPrepareContext = {
    storeBinary: async (file, kind) => {
      const stored = await storeBinary(runtime, file, kind);
      storedKeys.push(stored.key);
      return stored;
    },
    hashPassword: (plain) => runtime.passwordHasher.hash(plain),
    now: () => runtime.clock.now(),
  };
  const prepared: VersionValues = new Map([...values].map(([language, fields]) => [language, new Map(fields)]));
  const failures: FieldValidationFailure[] = [];
  try {
    for (const languageCode of languages) {
      const fields = prepared.get(languageCode);
      if (!fields) continue;
      for (const definition of contentType.fieldDefinitions) {
        const type = runtime.fieldTypes.get(definition.fieldTypeIdentifier);
        if (!type.prepareForStorage || !fields.has(definition.identifier)) continue;
        try {
          fields.set(definition.identifier, await type.prepareForStorage(fields.get(definition.identifier), context));
        } catch (error) {
          if (!(error instanceof FieldValueError)) throw error;
          failures.push({
            fieldDefinitionId: definition.id,
            fieldDefinitionIdentifier: definition.identifier,
            languageCode,
            errors: [{ target: error.target, message: error.message }],
          });
        }
      }
    }
    if (failures.length > 0) throw new ContentFieldValidationError(failures);
    // Streamed uploads have no size until stored: validate again now that every value is complete.
    if (storedKeys.length > 0) validateFieldValues(runtime.fieldTypes, contentType, prepared, languages);
  } catch (error) {
    await discardFiles(runtime, storedKeys);
    throw error;
  }
  return { values: prepared, storedKeys };
}

/**
 * Runs a write; if it fails, deletes the files stored for it so that a failed request leaves storage unchanged.
 */
export async function withStoredFiles<T>(runtime: RepositoryRuntime, storedKeys: readonly string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await discardFiles(runtime, storedKeys);
    throw error;
  }
}

async function discardFiles(runtime: RepositoryRuntime, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => runtime.storage.delete(key)));
}

const SAFE_NAME = /[^A-Za-z0-9._-]+/g;

async function storeBinary(runtime: RepositoryRuntime, file: PendingBinary, kind: 'images' | 'files'): Promise<StoredBinary> {
  const token = randomHex(16);
  const fileName = file.fileName.replace(SAFE_NAME, '-').replace(/^[.-]+/, '').slice(-120) || 'file';
  const key = `${kind}/${token.slice(0, 2)}/${token.slice(2, 4)}/${token}/${fileName}`;
  const { size, head } = await runtime.storage.put(key, file.source);
  return {
    key,
    uri: runtime.storage.uri(key),
    size,
    head,
    mimeType: file.mimeType ?? detectMimeType(head, fileName),
  };
}
