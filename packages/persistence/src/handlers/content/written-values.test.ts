import { expect, it } from '@jest/globals';
import type { NewField } from '@contentrepo/core';
import { testFieldDefinition } from '@contentrepo/core/testing';
import { folder, uniqueId } from '../../test-support/builders.js';
import { describeOnEachDialect } from '../../test-support/dialect-suite.js';

const field = (fieldDefinitionId: number, fieldDefIdentifier: string, languageCode: string, data: NewField['data']): NewField => ({
  fieldDefinitionId,
  fieldDefIdentifier,
  fieldTypeIdentifier: 'ezstring',
  languageCode,
  data,
});

/**
 * Writes that return values assembled from what they wrote (instead of reading the rows back) must return exactly
 * what a later load returns: same field order, dates at second precision, names, ids.
 */
describeOnEachDialect('values returned by writes equal the stored ones', (store) => {
  it('create returns the stored version: fields in definition order, dates truncated to seconds', async () => {
    const { persistence } = store();
    const { contentHandler } = persistence;
    // Two more folder definitions, both at position 0: before `name` (4, position 1), by id among themselves.
    const [early, later] = await persistence.transaction(async (tx) => {
      await tx.contentTypeHandler.createDraftFromDefined(1, { modifierId: 14, modificationDate: new Date('2024-03-01T00:00:00Z') });
      const added = [
        await tx.contentTypeHandler.addFieldDefinition(1, testFieldDefinition('early', { position: 0 })),
        await tx.contentTypeHandler.addFieldDefinition(1, testFieldDefinition('later', { position: 0 })),
      ];
      await tx.contentTypeHandler.publishDraft(1);
      return added.map((definition) => definition.id);
    });
    if (early === undefined || later === undefined) throw new Error('definitions not added');
    const created = await contentHandler.create(
      folder('Ordered', {
        modificationDate: new Date('2024-03-01T10:20:30.456Z'),
        languageCodes: ['eng-GB', 'ger-DE'],
        names: { 'eng-GB': 'Ordered', 'ger-DE': 'Geordnet' },
        fields: [
          field(4, 'name', 'ger-DE', 'Geordnet'),
          field(later, 'later', 'eng-GB', { nested: [1, 'two', null] }),
          field(4, 'name', 'eng-GB', 'Ordered'),
          field(early, 'early', 'eng-GB', null),
        ],
      }),
    );
    const loaded = await contentHandler.load(created.contentInfo.id, 1);
    expect(created).toEqual(loaded);
    expect(created.fields.map((stored) => [stored.fieldDefinitionId, stored.languageCode])).toEqual([
      [early, 'eng-GB'],
      [later, 'eng-GB'],
      [4, 'eng-GB'],
      [4, 'ger-DE'],
    ]);
    expect(created.contentInfo.modificationDate.toISOString()).toBe('2024-03-01T10:20:30.000Z');
  });

  it('createDraft, publish and updateMetadata return the stored VersionInfo and ContentInfo', async () => {
    const { contentHandler } = store().persistence;
    const id = (await contentHandler.create(folder('Versions', { names: { 'eng-GB': 'Versions', 'ger-DE': 'V' } }))).contentInfo.id;
    const published = await contentHandler.publish(id, 1, { name: 'Versions', date: new Date('2024-04-01T00:00:00.900Z') });
    expect(published).toEqual(await contentHandler.loadContentInfo(id));
    const draft = await contentHandler.createDraft(id, 1, {
      creatorId: 10,
      date: new Date('2024-04-02T00:00:00.500Z'),
      initialLanguageCode: 'ger-DE',
    });
    expect(draft).toEqual(await contentHandler.loadVersionInfo(id, 2));
    expect(draft).toMatchObject({ versionNo: 2, status: 'DRAFT', names: { 'eng-GB': 'Versions', 'ger-DE': 'V' } });
    const republished = await contentHandler.publish(id, 2, { name: 'Again', date: new Date('2024-04-03T00:00:00Z') });
    expect(republished).toEqual(await contentHandler.loadContentInfo(id));
    expect((await contentHandler.loadVersionInfo(id, 1))?.status).toBe('ARCHIVED');
    const patched = await contentHandler.updateMetadata(id, { name: 'Renamed', alwaysAvailable: false });
    expect(patched).toEqual(await contentHandler.loadContentInfo(id));
    expect(await contentHandler.updateMetadata(id, {})).toEqual(patched);
  });

  it('updateDraft returns the stored modification date and the fields it wrote, with their ids', async () => {
    const { contentHandler } = store().persistence;
    const created = await contentHandler.create(folder('Drafted'));
    const id = created.contentInfo.id;
    const [name] = created.fields;
    if (!name) throw new Error('folder without its name field');
    const written = await contentHandler.updateDraft(id, 1, {
      initialLanguageCode: 'eng-GB',
      languageCodes: ['eng-GB', 'ger-DE'],
      names: { 'eng-GB': 'Redrafted', 'ger-DE': 'Neu' },
      modificationDate: new Date('2024-05-01T08:09:10.700Z'),
      fields: [{ ...field(4, 'name', 'eng-GB', 'Redrafted'), id: name.id }, field(4, 'name', 'ger-DE', 'Neu')],
      fieldRelations: [],
    });
    const loaded = await contentHandler.load(id, 1);
    expect(written.modificationDate).toEqual(loaded?.versionInfo.modificationDate);
    expect(written.modificationDate.toISOString()).toBe('2024-05-01T08:09:10.000Z');
    expect(written.fields).toEqual(loaded?.fields);
    expect(written.fields.map((stored) => [stored.id === name.id, stored.languageCode, stored.data])).toEqual([
      [true, 'eng-GB', 'Redrafted'],
      [false, 'ger-DE', 'Neu'],
    ]);
  });

  it('location create returns the stored location, invisible under a hidden parent', async () => {
    const { persistence } = store();
    const contentId = (await persistence.contentHandler.create(folder('Placed'))).contentInfo.id;
    const record = { contentId, priority: 3, hidden: false, sortField: 'PATH', sortOrder: 'ASC' } as const;
    const parent = await persistence.locationHandler.create({ ...record, parentLocationId: 2, hidden: true, remoteId: uniqueId('p') });
    expect(parent).toEqual(await persistence.locationHandler.load(parent.id));
    expect(parent).toMatchObject({ pathString: `/1/2/${parent.id}/`, depth: 2, hidden: true, invisible: true });
    const child = await persistence.locationHandler.create({ ...record, parentLocationId: parent.id, remoteId: uniqueId('c') });
    expect(child).toEqual(await persistence.locationHandler.load(child.id));
    expect(child).toMatchObject({ pathString: `${parent.pathString}${child.id}/`, depth: 3, hidden: false, invisible: true });
    await persistence.locationHandler.setHidden(parent.id, false);
    expect(await persistence.locationHandler.load(child.id)).toMatchObject({ invisible: false });
  });
});
