import type { LanguageService } from '../../api/services/language-service.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { RepositoryRuntime } from '../context.js';

/** Language reads (no permission needed, as in Ibexa). */
export function createLanguageService(runtime: RepositoryRuntime): LanguageService {
  const handler = runtime.persistence.languageHandler;
  return {
    loadLanguages: () => handler.loadAll(),
    async loadLanguage(languageCode) {
      const language = await handler.loadByCode(languageCode);
      if (!language) throw NotFoundError.language(languageCode);
      return language;
    },
    async loadLanguageById(languageId) {
      const language = await handler.load(languageId);
      if (!language) throw NotFoundError.language(String(languageId));
      return language;
    },
  };
}

/** Codes of the configured languages. */
export async function knownLanguageCodes(runtime: RepositoryRuntime): Promise<Set<string>> {
  return new Set((await runtime.persistence.languageHandler.loadAll()).map((language) => language.languageCode));
}
