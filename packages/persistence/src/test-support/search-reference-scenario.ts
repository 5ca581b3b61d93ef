import type { PersistenceHandler } from '@contentrepo/core';
import { folder } from './builders.js';

/** What a scenario built: ids and keys to draw criteria values from. */
export interface ScenarioFacts {
  readonly contentIds: readonly number[];
  readonly remoteIds: readonly string[];
  readonly locationIds: readonly number[];
  readonly locationRemoteIds: readonly string[];
  readonly pathStrings: readonly string[];
  readonly userIds: readonly number[];
}

const second = (index: number): Date => new Date(Date.UTC(2023, 0, 1, 0, 0, index));
const NAMES = ['alpha', 'Beta', 'Ąbc', 'ąaa', 'Zebra', 'zeta', 'Éclair', 'eclair', '10 items', '9 items', 'Ωmega', 'beta'];

/**
 * Builds the same varied tree on any PersistenceHandler (seeded with the small seed) through SPI calls only, in
 * a fixed order, so that two stores get identical ids: folders with mixed-case and non-ASCII names, sections,
 * owners (a new user in group 12), priorities, hidden locations, a hidden content item, second locations,
 * translations, object states, a draft-only item and a republished item with another modifier.
 */
export async function buildSearchScenario(persistence: PersistenceHandler): Promise<ScenarioFacts> {
  const remoteIds: string[] = [];
  const locationRemoteIds: string[] = [];
  const contentIds: number[] = [];
  const user = await persistence.transaction(async (tx) => {
    const created = await tx.contentHandler.create(
      folder('Editor', { contentTypeId: 4, sectionId: 2, remoteId: 'scenario-user', fields: [] }),
    );
    await tx.contentHandler.publish(created.contentInfo.id, 1, { name: 'Editor', date: second(0) });
    const location = await tx.locationHandler.create({
      contentId: created.contentInfo.id, parentLocationId: 13, priority: 0, hidden: false, remoteId: 'scenario-user-location', sortField: 'PATH', sortOrder: 'ASC',
    });
    await tx.contentHandler.updateMetadata(created.contentInfo.id, { mainLocationId: location.id });
    return created.contentInfo.id;
  });
  const parents = [2, 20, 21, 5, 2, 20];
  const locations = new Map<number, number>();
  for (const [index, name] of NAMES.entries()) {
    const parent = index > 5 ? (locations.get(index - 6) ?? 2) : (parents[index] ?? 2);
    const remoteId = `scenario-${index}`;
    const translated = index % 3 === 0;
    const { contentId, locationId } = await persistence.transaction(async (tx) => {
      const created = await tx.contentHandler.create(
        folder(name, {
          remoteId,
          sectionId: (index % 3) + 1,
          ownerId: index % 2 === 0 ? 14 : user,
          alwaysAvailable: index % 4 !== 1,
          modificationDate: second(index % 5),
          languageCodes: translated ? ['eng-GB', 'ger-DE'] : ['eng-GB'],
          names: translated ? { 'eng-GB': name, 'ger-DE': `${name} (de)` } : { 'eng-GB': name },
        }),
      );
      const id = created.contentInfo.id;
      await tx.contentHandler.publish(id, 1, { name, date: second(10 + (index % 4)) });
      const location = await tx.locationHandler.create({
        contentId: id, parentLocationId: parent, priority: (index * 7) % 5 - 2, hidden: index % 5 === 4,
        remoteId: `scenario-location-${index}`, sortField: 'PATH', sortOrder: 'ASC',
      });
      await tx.contentHandler.updateMetadata(id, { mainLocationId: location.id });
      return { contentId: id, locationId: location.id };
    });
    locations.set(index, locationId);
    contentIds.push(contentId);
    remoteIds.push(remoteId);
    locationRemoteIds.push(`scenario-location-${index}`);
  }
  const [first, secondItem, third] = contentIds;
  if (first === undefined || secondItem === undefined || third === undefined) throw new Error('scenario too small');
  await persistence.locationHandler.create({
    contentId: secondItem, parentLocationId: 5, priority: 3, hidden: true, remoteId: 'scenario-extra-location', sortField: 'PATH', sortOrder: 'ASC',
  });
  locationRemoteIds.push('scenario-extra-location');
  await persistence.locationHandler.setContentHidden(third, true);
  await persistence.contentHandler.updateMetadata(third, { isHidden: true });
  await persistence.objectStateHandler.setContentStates(first, [2]);
  await persistence.objectStateHandler.setContentStates(third, [2]);
  const draft = await persistence.contentHandler.create(folder('draft only', { remoteId: 'scenario-draft' }));
  contentIds.push(draft.contentInfo.id);
  const republished = await persistence.contentHandler.createDraft(first, 1, { creatorId: user, date: second(30), initialLanguageCode: 'eng-GB' });
  await persistence.contentHandler.publish(first, republished.versionNo, { name: 'alpha v2', date: second(31) });

  const allLocations = await persistence.locationHandler.loadList([...Array.from({ length: 60 }, (_, index) => index + 1)]);
  return {
    contentIds: [1, 4, 12, 14, 19, 20, user, ...contentIds, 999],
    remoteIds: ['content-1', 'content-19', ...remoteIds, 'scenario-draft', 'missing-remote-id'],
    locationIds: [...allLocations.map((location) => location.id), 999],
    locationRemoteIds: ['location-2', 'location-20', ...locationRemoteIds],
    pathStrings: [...allLocations.map((location) => location.pathString), '/1/2', '/1/5/1'],
    userIds: [14, user, 12, 4, 10],
  };
}
