import type { LanguageService } from '../../api/services/language-service.js';
import type { Language, LanguageCreateStruct } from '../../api/values/language.js';
import { LANGUAGE_CODE_PATTERN } from '../../domain/rules/language-names.js';
import { InvalidArgumentError, NotFoundError } from '../../errors/repository-error.js';
import type { LockTarget, PersistenceHandler } from '../../spi/persistence-handler.js';
import { recordEvent } from '../events/record-event.js';
import { underLock } from '../in-transaction.js';
import type { RepositoryRuntime } from '../repository-runtime.js';
import type { ServiceContext } from '../service-context.js';

/** Widest language name the storage keeps. */
const MAX_NAME_LENGTH = 255;

/**
 * The lock of the set of languages (kind `language`, id 0): every language write takes it, so that ids are
 * allocated one writer at a time and a deletion's usage check cannot interleave with another language write.
 * The lock is also what announces the change to every node's caches (ADR 0012).
 */
export const LANGUAGES_TARGET: LockTarget = { kind: 'language', id: 0 };

/**
 * The LanguageService of one user scope (Ibexa `LanguageService`). Reads need no permission (as in Ibexa); writes
 * need `content/translations`, lock {@link LANGUAGES_TARGET} and the language, read under the lock, and drop this
 * repository's cached languages whether they commit or not.
 */
export function createLanguageService(context: ServiceContext): LanguageService {
  const assertCanTranslate = (): Promise<void> => context.guard.assert('content', 'translations', { kind: 'none' });
  const write = async <T>(targets: readonly LockTarget[], work: (tx: ServiceContext) => Promise<T>): Promise<T> => {
    try {
      return await underLock(context, [LANGUAGES_TARGET, ...targets], work);
    } finally {
      context.referenceCache.languages.invalidate();
    }
  };
  const requireStored = async (tx: ServiceContext, languageId: number): Promise<Language> => {
    const language = await tx.persistence.languageHandler.load(languageId);
    if (!language) throw NotFoundError.language(String(languageId));
    return language;
  };
  const update = async (language: Language, change: Partial<Pick<Language, 'name' | 'enabled'>>): Promise<Language> => {
    await assertCanTranslate();
    return write([{ kind: 'language', id: language.id }], async (tx) => {
      const updated = await tx.persistence.languageHandler.update({ ...(await requireStored(tx, language.id)), ...change });
      await recordEvent(tx, 'language.updated', { languageId: updated.id, languageCode: updated.languageCode });
      return updated;
    });
  };

  return {
    loadLanguages: () => loadLanguages(context),
    async loadLanguage(languageCode) {
      const language = (await loadLanguages(context)).find((candidate) => candidate.languageCode === languageCode);
      if (!language) throw NotFoundError.language(languageCode);
      return language;
    },
    async loadLanguageById(languageId) {
      const language = (await loadLanguages(context)).find((candidate) => candidate.id === languageId);
      if (!language) throw NotFoundError.language(String(languageId));
      return language;
    },

    async createLanguage(struct) {
      assertCreateStruct(struct);
      await assertCanTranslate();
      return write([], async (tx) => {
        const created = await insertLanguage(tx.persistence, struct);
        await recordEvent(tx, 'language.created', { languageId: created.id, languageCode: created.languageCode });
        return created;
      });
    },

    async updateLanguageName(language, newName) {
      assertName(newName, 'newName');
      return update(language, { name: newName });
    },
    enableLanguage: (language) => update(language, { enabled: true }),
    disableLanguage: (language) => update(language, { enabled: false }),

    async deleteLanguage(language) {
      await assertCanTranslate();
      await write([{ kind: 'language', id: language.id }], async (tx) => {
        const stored = await requireStored(tx, language.id);
        if (await tx.persistence.languageHandler.isUsed(stored.languageCode)) {
          throw new InvalidArgumentError('language', 'Cannot delete language: some content still references the language');
        }
        await tx.persistence.languageHandler.delete(stored.id);
        await recordEvent(tx, 'language.deleted', { languageId: stored.id, languageCode: stored.languageCode });
      });
    },
  };
}

/**
 * Adds a language inside a transaction that holds {@link LANGUAGES_TARGET}; also locks the new language's id.
 * @throws InvalidArgumentError when the code is taken or no id is left.
 */
export async function insertLanguage(persistence: PersistenceHandler, struct: LanguageCreateStruct): Promise<Language> {
  if (await persistence.languageHandler.loadByCode(struct.languageCode)) {
    throw new InvalidArgumentError('languageCreateStruct', `language with the "${struct.languageCode}" language code already exists`);
  }
  const language = await persistence.languageHandler.create({ languageCode: struct.languageCode, name: struct.name, enabled: struct.enabled ?? true });
  await persistence.lock([{ kind: 'language', id: language.id }]);
  return language;
}

/** @throws InvalidArgumentError for a code not of the form `xxx-XX` or a bad name (Ibexa: `InvalidArgumentValue`). */
function assertCreateStruct(struct: LanguageCreateStruct): void {
  if (!LANGUAGE_CODE_PATTERN.test(struct.languageCode)) {
    throw new InvalidArgumentError('languageCode', `'${struct.languageCode}' is not a language code like eng-GB or pol-PL`);
  }
  assertName(struct.name, 'name');
}

function assertName(name: string, argumentName: string): void {
  if (name.trim() === '') throw new InvalidArgumentError(argumentName, 'The language name must not be empty');
  if (name.length > MAX_NAME_LENGTH) throw new InvalidArgumentError(argumentName, `The language name must not be longer than ${MAX_NAME_LENGTH} characters`);
}

/** Every configured language (cached briefly, see ReferenceCache). */
function loadLanguages(runtime: RepositoryRuntime): Promise<readonly Language[]> {
  return runtime.referenceCache.languages.get('all', () => runtime.persistence.languageHandler.loadAll());
}

/**
 * Codes of the languages as committed, for a write that stores language codes (content items, versions, fields):
 * read in its transaction while it holds the languages' lock shared, so that a language it stores cannot be
 * deleted before it commits, and a language deleted before is refused. Take it after the content type's shared
 * lock and before the content lock (`underContentLock` takes it with the type's), as the lock order wants.
 * The codes come from the cache when they were loaded at the revision read under the lock (every language write
 * moves it on, on any node), else from the database (refreshing the cache).
 */
export async function languageCodesForWrite(tx: ServiceContext): Promise<Set<string>> {
  const [revision = 0] = await tx.persistence.lockShared([LANGUAGES_TARGET]);
  const cache = tx.referenceCache;
  const cached = cache.stampedLanguageCodes;
  if (cached?.revision === revision) return new Set(cached.value);
  const codes = new Set((await tx.persistence.languageHandler.loadAll()).map((language) => language.languageCode));
  // Writes may finish out of order: an entry stamped with a newer revision stays.
  if (cache.stampedLanguageCodes === undefined || cache.stampedLanguageCodes.revision < revision) {
    cache.stampedLanguageCodes = { revision, value: new Set(codes) };
  }
  return codes;
}

/** Codes of the configured languages (cached). */
export async function knownLanguageCodes(runtime: RepositoryRuntime): Promise<Set<string>> {
  return new Set((await loadLanguages(runtime)).map((language) => language.languageCode));
}
