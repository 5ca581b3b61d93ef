import type { Location } from '../../api/values/location.js';
import { ROOT_LOCATION_ID } from '../../domain/tree/root.js';
import { segmentKey, urlAliasSegment } from '../../domain/rules/url-alias-text.js';
import type { LockTarget, PersistenceHandler } from '../../spi/persistence-handler.js';
import type { UrlAliasRecord } from '../../spi/url-alias-handler.js';

/**
 * The generated aliases of locations (Ibexa `UrlAlias\Handler::publishUrlAliasForLocation`, `locationMoved`,
 * `translationRemoved`): one entry per translation of the content's current name, below the
 * parent location's node, all sharing the location's node id. Runs inside the caller's transaction; each
 * function locks the aliases of the locations it writes (`lockLocationAliases`).
 */

/**
 * Locks the URL aliases of locations (kind `urlAliases`, id the location id) for the rest of the caller's
 * transaction: every write of a location's aliases takes it, so that their revision counts each change and custom
 * alias writes of the location wait for it.
 */
export async function lockLocationAliases(tx: PersistenceHandler, locationIds: readonly number[]): Promise<void> {
  if (locationIds.length > 0) await tx.lock(locationIds.map(aliasesTarget));
}

/** The lock target of the aliases of a location (0: of the resources, whose global aliases have no location). */
export const aliasesTarget = (locationId: number): LockTarget => ({ kind: 'urlAliases', id: locationId });

/** A location's generated entries (current and history). */
const generatedEntries = (tx: PersistenceHandler, locationId: number): Promise<readonly UrlAliasRecord[]> =>
  tx.urlAliasHandler.loadLocationEntries([locationId], false);

/** The site root (location 2 of a clean install) keeps its empty alias `/`; its children live at the top. */
const isSiteRoot = (entries: readonly UrlAliasRecord[]): boolean => entries.some((entry) => entry.isOriginal && entry.text === '');

/**
 * The node id children of a location are keyed by: 0 for the virtual root and the site root, else the node of the
 * location's generated entries — created (with those of its ancestors) when the location has none yet.
 */
export async function locationNodeId(tx: PersistenceHandler, locationId: number): Promise<number> {
  if (locationId === ROOT_LOCATION_ID) return 0;
  let entries = await generatedEntries(tx, locationId);
  if (entries.length === 0) {
    await publishLocationAliases(tx, [locationId]);
    entries = await generatedEntries(tx, locationId);
  }
  if (isSiteRoot(entries)) return 0;
  const [first] = entries;
  if (!first) throw new Error(`Location ${locationId} got no URL alias`);
  return first.id;
}

/**
 * (Re)publishes the generated aliases of locations from their content's current names, parents before children
 * (Ibexa publishes them at every publication, new location, copy, swap and restore). Unknown locations are skipped.
 */
export async function publishLocationAliases(tx: PersistenceHandler, locationIds: readonly number[]): Promise<void> {
  await lockLocationAliases(tx, locationIds);
  await publishLocations(tx, locationIds);
}

/**
 * {@link publishLocationAliases} for the locations of one item whose current version's names the caller holds
 * (the version it has just published): the names are not read again.
 */
export async function publishItemLocationAliases(
  tx: PersistenceHandler,
  locationIds: readonly number[],
  names: Readonly<Record<string, string>>,
): Promise<void> {
  await lockLocationAliases(tx, locationIds);
  await publishLocations(tx, locationIds, names);
}

/**
 * {@link publishItemLocationAliases} for locations the caller has just created in its transaction (the first
 * publication of an item): they are used as given, not read again — no other transaction can have changed them.
 */
export async function publishNewLocationAliases(
  tx: PersistenceHandler,
  locations: readonly Location[],
  names: Readonly<Record<string, string>>,
): Promise<void> {
  await lockLocationAliases(
    tx,
    locations.map((location) => location.id),
  );
  for (const location of locations) if (location.depth > 0) await publishLocation(tx, location, names);
}

/** {@link publishLocationAliases} under locks the caller took; `names`: those of every location's item, when known. */
async function publishLocations(tx: PersistenceHandler, locationIds: readonly number[], names?: Readonly<Record<string, string>>): Promise<void> {
  for (const location of await tx.locationHandler.loadList(locationIds)) {
    if (location.depth === 0) continue;
    if (names) {
      await publishLocation(tx, location, names);
      continue;
    }
    const version = await tx.contentHandler.loadVersionInfo(location.contentId, location.contentInfo.currentVersionNo);
    if (!version) continue;
    await publishLocation(tx, location, version.names);
  }
}

async function publishLocation(tx: PersistenceHandler, location: Location, names: Readonly<Record<string, string>>): Promise<void> {
  const existing = await generatedEntries(tx, location.id);
  if (isSiteRoot(existing)) return;
  const parentNode = await locationNodeId(tx, location.parentLocationId);
  const nodeId = existing[0]?.id ?? (await tx.urlAliasHandler.nextNodeId());
  const named = (code: string): boolean => Object.hasOwn(names, code);
  // Whether an entry may hold a language the names lack (to drop): one read held one, or a claim reused one.
  let otherLanguages = existing.some((entry) => entry.isOriginal && entry.text !== '' && !entry.languageCodes.every(named));
  // The first translation sees the entries read above (nothing was written since); later ones read them again.
  let entries: readonly UrlAliasRecord[] | null = existing;
  for (const [languageCode, name] of Object.entries(names)) {
    const claimed = await publishTranslation(tx, location, { nodeId, parentNode, languageCode, text: urlAliasSegment(name) }, entries);
    if (!claimed.every(named)) otherLanguages = true;
    entries = null;
  }
  if (otherLanguages) await dropLanguages(tx, location.id, (code) => !named(code));
}

/**
 * Publishes one translation's entry: claims the first free slot for the text (suffixes 2, 3, … when taken; a
 * slot lost to a concurrent publication counts as taken), then the translation leaves its previous entry.
 * Returns the languages of the entry claimed ([] when the current entry already was right).
 */
async function publishTranslation(
  tx: PersistenceHandler,
  location: Location,
  entry: { readonly nodeId: number; readonly parentNode: number; readonly languageCode: string; readonly text: string },
  /** The location's generated entries as they are now, when the caller has just read them. */
  entries: readonly UrlAliasRecord[] | null = null,
): Promise<readonly string[]> {
  const { nodeId, parentNode, languageCode } = entry;
  const handler = tx.urlAliasHandler;
  const alwaysAvailable = location.contentInfo.alwaysAvailable;
  const current = (entries ?? (await generatedEntries(tx, location.id))).find((candidate) => candidate.isOriginal && candidate.languageCodes.includes(languageCode));
  for (let counter = 1; ; counter += 1) {
    const text = counter === 1 ? entry.text : `${entry.text}${counter}`;
    const textMd5 = segmentKey(text);
    const slot = await handler.loadEntry(parentNode, textMd5);
    if (slot && slot.id !== nodeId && (slot.isOriginal || slot.target.kind === 'virtual')) continue;
    if (current && current === slotOf(current, slot) && current.text === text && current.alwaysAvailable === alwaysAvailable) return [];
    const reused = slot && slot.id === nodeId && slot.isOriginal ? slot.languageCodes : [];
    const languageCodes = [...new Set([...reused, languageCode])];
    const claimed = await handler.claim({
      parentId: parentNode,
      textMd5,
      id: nodeId,
      text,
      target: { kind: 'location', locationId: location.id },
      languageCodes,
      alwaysAvailable,
      isOriginal: true,
      isCustom: false,
      forward: false,
    });
    if (!claimed) continue;
    if (current && (current.parentId !== parentNode || current.textMd5 !== textMd5)) await withoutLanguage(tx, current, languageCode);
    return languageCodes;
  }
}

/** `entry` when `slot` is the same key, else undefined. */
const slotOf = (entry: UrlAliasRecord, slot: UrlAliasRecord | null): UrlAliasRecord | undefined =>
  slot && slot.parentId === entry.parentId && slot.textMd5 === entry.textMd5 ? entry : undefined;

/** Removes a language from an entry; an entry left without languages becomes history (keeping its languages). */
async function withoutLanguage(tx: PersistenceHandler, entry: UrlAliasRecord, languageCode: string): Promise<void> {
  const languageCodes = entry.languageCodes.filter((code) => code !== languageCode);
  await tx.urlAliasHandler.save(languageCodes.length === 0 ? { ...entry, isOriginal: false } : { ...entry, languageCodes });
}

/** Takes the languages `drop` selects off a location's current generated entries. */
async function dropLanguages(tx: PersistenceHandler, locationId: number, drop: (languageCode: string) => boolean): Promise<void> {
  for (const entry of await generatedEntries(tx, locationId)) {
    if (!entry.isOriginal || entry.text === '') continue;
    const dropped = entry.languageCodes.filter(drop);
    const kept = entry.languageCodes.filter((code) => !drop(code));
    if (dropped.length === 0) continue;
    await tx.urlAliasHandler.save(kept.length === 0 ? { ...entry, isOriginal: false } : { ...entry, languageCodes: kept });
  }
}

/**
 * After a move or a swap (Ibexa `locationMoved`, `locationSwapped`): the locations' current entries become history
 * first, then new ones are published (below the new parent, with the new content's names), so that swapped
 * siblings take each other's names. The subtrees follow without writes: children hang on the node ids.
 */
export async function republishLocationAliases(tx: PersistenceHandler, locationIds: readonly number[]): Promise<void> {
  await lockLocationAliases(tx, locationIds);
  for (const locationId of locationIds) {
    for (const entry of await generatedEntries(tx, locationId)) {
      if (entry.isOriginal && entry.text !== '') await tx.urlAliasHandler.save({ ...entry, isOriginal: false });
    }
  }
  await publishLocations(tx, locationIds);
}

/** After a translation is deleted (Ibexa `translationRemoved`): the language leaves the locations' entries. */
export async function removeTranslationAliases(tx: PersistenceHandler, locationIds: readonly number[], languageCode: string): Promise<void> {
  await lockLocationAliases(tx, locationIds);
  for (const locationId of locationIds) await dropLanguages(tx, locationId, (code) => code === languageCode);
}
