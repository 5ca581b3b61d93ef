import type { URLAlias } from '../../api/values/url-alias.js';
import { urlAliasId } from '../../domain/rules/url-alias-text.js';
import { assertNever } from '../../errors/repository-error.js';
import type { PersistenceHandler } from '../../spi/persistence-handler.js';
import type { UrlAliasRecord } from '../../spi/url-alias-handler.js';

/**
 * The entry that stands for a node when building paths: an original entry in `languageCode`, else a generated
 * original one, else any original one, else a history one.
 */
export function pickNodeEntry(candidates: readonly UrlAliasRecord[], languageCode: string | undefined): UrlAliasRecord | undefined {
  return (
    candidates.find((entry) => entry.isOriginal && languageCode !== undefined && entry.languageCodes.includes(languageCode)) ??
    candidates.find((entry) => entry.isOriginal && !entry.isCustom) ??
    candidates.find((entry) => entry.isOriginal) ??
    candidates[0]
  );
}

/** The path of an entry: the texts of the nodes above it and its own (`/` for the site root's empty text). */
export function entryPath(entry: UrlAliasRecord, byNode: ReadonlyMap<number, readonly UrlAliasRecord[]>): string {
  const segments = [entry.text];
  const language = entry.languageCodes[0];
  const seen = new Set<number>();
  let node = entry.parentId;
  while (node !== 0 && !seen.has(node)) {
    seen.add(node);
    const parent = pickNodeEntry(byNode.get(node) ?? [], language);
    if (!parent) break;
    segments.unshift(parent.text);
    node = parent.parentId;
  }
  return `/${segments.filter((segment) => segment !== '').join('/')}`;
}

/** The API value of an entry with its path (REST renders it as `UrlAlias`). */
export function toUrlAlias(entry: UrlAliasRecord, path: string, isHistory = !entry.isOriginal): URLAlias {
  const base = {
    id: urlAliasId(entry.parentId, entry.textMd5),
    path,
    languageCodes: [...entry.languageCodes],
    alwaysAvailable: entry.alwaysAvailable,
    isHistory,
    isCustom: entry.isCustom,
    forward: entry.forward,
  };
  const { target } = entry;
  switch (target.kind) {
    case 'location':
      return { ...base, type: 'LOCATION', destination: target.locationId };
    case 'resource':
      return { ...base, type: 'RESOURCE', destination: target.resource };
    case 'virtual':
      return { ...base, type: 'VIRTUAL', destination: null };
    default:
      return assertNever(target, 'URL alias target');
  }
}

/** API values of entries, their paths built from one ancestry query (no query per entry). */
export async function toUrlAliases(persistence: PersistenceHandler, entries: readonly UrlAliasRecord[]): Promise<URLAlias[]> {
  if (entries.length === 0) return [];
  const parents = [...new Set(entries.map((entry) => entry.parentId).filter((id) => id !== 0))];
  const byNode = new Map<number, UrlAliasRecord[]>();
  for (const entry of parents.length === 0 ? [] : await persistence.urlAliasHandler.loadAncestry(parents)) {
    byNode.set(entry.id, [...(byNode.get(entry.id) ?? []), entry]);
  }
  return entries.map((entry) => toUrlAlias(entry, entryPath(entry, byNode)));
}
