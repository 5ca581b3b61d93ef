import { expect, it } from '@jest/globals';
import { BadStateError } from '@contentrepo/core';
import { folder, publishFolder, uniqueId } from '../test-support/builders.js';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import { buildSmallSeed } from '../test-support/small-seed.js';

describeOnEachDialect(
  'SqlSeedImporter',
  (store) => {
    it('reports an empty store, imports a seed with its exact ids, then refuses a second import', async () => {
      const { seedImporter, persistence } = store();
      expect(await seedImporter.isEmpty()).toBe(true);
      await seedImporter.import(buildSmallSeed());
      expect(await seedImporter.isEmpty()).toBe(false);
      expect(await persistence.contentHandler.loadContentInfo(19)).toMatchObject({ id: 19, name: 'Twenty', mainLocationId: 20 });
      expect(await persistence.locationHandler.load(20)).toMatchObject({ pathString: '/1/20/', depth: 1, contentId: 19 });
      expect((await persistence.contentHandler.load(20, 1))?.fields.map((field) => field.id)).toEqual([106]);
      expect((await persistence.contentHandler.loadRelations(20, 1)).map((relation) => relation.id)).toEqual([7]);
      await expect(seedImporter.import(buildSmallSeed())).rejects.toBeInstanceOf(BadStateError);
    });

    it('hands out ids above every seeded id afterwards (no collisions)', async () => {
      const { persistence } = store();
      const created = await persistence.contentHandler.create(
        folder('After seed', {
          relations: [{ destinationContentId: 1, type: 'COMMON', sourceFieldDefinitionIdentifier: null }],
          pendingLocations: [{ parentLocationId: 2, priority: 0, hidden: false, remoteId: uniqueId('p'), sortField: 'PATH', sortOrder: 'ASC' }],
        }),
      );
      expect(created.contentInfo.id).toBe(21);
      expect(created.versionInfo.id).toBe(16);
      expect(created.fields[0]?.id).toBe(107);
      expect((await persistence.contentHandler.loadRelations(created.contentInfo.id, 1))[0]?.id).toBe(8);
      const published = await publishFolder(persistence, 'Located', 2);
      expect(published.locationId).toBe(22);
      expect(published.pathString).toBe('/1/2/22/');
    });
  },
  { seed: false },
);
