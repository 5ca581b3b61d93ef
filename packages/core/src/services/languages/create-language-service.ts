import type { LanguageService } from '../../api/services/language-service.js';
import type { Language } from '../../api/values/language.js';
import { NotFoundError } from '../../errors/repository-error.js';
import type { RepositoryRuntime } from '../repository-runtime.js';

/** Language reads (no permission needed, as in Ibexa). */
export function createLanguageService(runtime: RepositoryRuntime): LanguageService {
  return {
    loadLanguages: () => loadLanguages(runtime),
    async loadLanguage(languageCode) {
      const language = (await loadLanguages(runtime)).find((candidate) => candidate.languageCode === languageCode);
      if (!language) throw NotFoundError.language(languageCode);
      return language;
    },
    async loadLanguageById(languageId) {
      const language = (await loadLanguages(runtime)).find((candidate) => candidate.id === languageId);
      if (!language) throw NotFoundError.language(String(languageId));
      return language;
    },
  };
}

/** Every configured language (cached briefly, see ReferenceCache). */
function loadLanguages(runtime: RepositoryRuntime): Promise<readonly Language[]> {
  return runtime.referenceCache.languages.get('all', () => runtime.persistence.languageHandler.loadAll());
}

/** Codes of the configured languages. */
export async function knownLanguageCodes(runtime: RepositoryRuntime): Promise<Set<string>> {
  return new Set((await loadLanguages(runtime)).map((language) => language.languageCode));
}
