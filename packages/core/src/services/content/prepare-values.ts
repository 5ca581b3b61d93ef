import type { FieldInput } from '../../api/structs/content-structs.js';
import type { ContentType } from '../../api/values/content-type.js';
import {
  ContentFieldValidationError,
  type FieldValidationFailure,
} from '../../errors/repository-error.js';
import {
  FieldValueError,
  type FieldPrepareContext,
  type FieldType,
  type PendingBinary,
  type StoredBinary,
} from '../../field-types/field-type.js';
import type { RepositoryRuntime } from '../repository-runtime.js';
import { detectMimeType } from '../../domain/files/mime-type-detection.js';
import { randomHex } from '../ids.js';
import { validateFieldValues, type VersionValues } from './content-field-values.js';

/**
 * The slow, external work behind the values of one content write — decoding its inputs (a streamed upload can
 * be read once), storing uploaded files, hashing passwords — done once and remembered. A write computes its
 * values first before its transaction, which does this work, then again inside the transaction from what it
 * reads under its locks, which replays the results: no upload or password hash ever runs while the write holds
 * its locks (or SQLite's one connection). Made by {@link withFieldPreparation}, which deletes the stored files
 * again when the write fails.
 */
export class FieldPreparation {
  private readonly decoded = new WeakMap<FieldInput, Map<string, unknown>>();
  private readonly binaries = new Map<PendingBinary, Map<string, StoredBinary>>();
  private readonly hashes = new Map<string, string>();
  private readonly keys: string[] = [];

  constructor(private readonly runtime: RepositoryRuntime) {}

  /** Keys of the files stored so far (BinaryStorage keys). */
  get storedKeys(): readonly string[] {
    return this.keys;
  }

  /**
   * The value of `input` for `type` (`FieldType.fromHash`), decoded the first time only: the same input always
   * gives the same value object (and the same pending upload).
   * @throws FieldValueError when the input is not a value of the type (not remembered: thrown again).
   */
  decode(type: FieldType<unknown>, input: FieldInput): unknown {
    let byType = this.decoded.get(input);
    if (!byType) {
      byType = new Map();
      this.decoded.set(input, byType);
    }
    if (!byType.has(type.identifier)) byType.set(type.identifier, type.fromHash(input.value));
    return byType.get(type.identifier);
  }

  /** What `FieldType.prepareForStorage` runs with: a pending file is stored and a password hashed once each. */
  readonly context: FieldPrepareContext = {
    storeBinary: async (file, kind) => {
      const done = this.binaries.get(file)?.get(kind);
      if (done) return done;
      const stored = await storeBinary(this.runtime, file, kind);
      this.keys.push(stored.key);
      this.binaries.set(file, new Map([...(this.binaries.get(file) ?? []), [kind, stored]]));
      return stored;
    },
    hashPassword: async (plain) => {
      const done = this.hashes.get(plain);
      if (done !== undefined) return done;
      const hash = await this.runtime.passwordHasher.hash(plain);
      this.hashes.set(plain, hash);
      return hash;
    },
    now: () => this.runtime.clock.now(),
  };

  /** Deletes every file stored so far (the write they were stored for failed). */
  async discardFiles(): Promise<void> {
    await Promise.allSettled(this.keys.map((key) => this.runtime.storage.delete(key)));
  }
}

/**
 * Runs a content write with a new {@link FieldPreparation}; when the write fails, the files stored for it are
 * deleted before the error is rethrown, so that a failed request leaves storage unchanged.
 */
export async function withFieldPreparation<T>(runtime: RepositoryRuntime, write: (preparation: FieldPreparation) => Promise<T>): Promise<T> {
  const preparation = new FieldPreparation(runtime);
  try {
    return await write(preparation);
  } catch (error) {
    await preparation.discardFiles();
    throw error;
  }
}

/**
 * Runs `FieldType.prepareForStorage` on every value of the given languages (stores uploads, hashes passwords,
 * through `preparation`: done once per write), then validates again (a streamed upload's size is only known once
 * stored). Files stored are deleted by {@link withFieldPreparation} when the write fails.
 * @throws ContentFieldValidationError when a file cannot be stored as the field needs (e.g. not an image, or
 *   over the field's maximum size).
 */
export async function prepareValues(
  preparation: FieldPreparation,
  runtime: Pick<RepositoryRuntime, 'fieldTypes'>,
  contentType: ContentType,
  values: VersionValues,
  languageList: Iterable<string>,
): Promise<VersionValues> {
  const languages = [...languageList];
  const prepared: VersionValues = new Map([...values].map(([language, fields]) => [language, new Map(fields)]));
  const failures: FieldValidationFailure[] = [];
  for (const languageCode of languages) {
    const fields = prepared.get(languageCode);
    if (!fields) continue;
    for (const definition of contentType.fieldDefinitions) {
      const type = runtime.fieldTypes.get(definition.fieldTypeIdentifier);
      if (!type.prepareForStorage || !fields.has(definition.identifier)) continue;
      try {
        fields.set(definition.identifier, await type.prepareForStorage(fields.get(definition.identifier), preparation.context));
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
  if (preparation.storedKeys.length > 0) {
    validateFieldValues(runtime.fieldTypes, contentType, prepared, languages);
  }
  return prepared;
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
