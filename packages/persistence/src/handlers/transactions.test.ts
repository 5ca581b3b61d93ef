import { expect, it } from '@jest/globals';
import { InvalidArgumentError } from '@contentrepo/core';
import { folder, publishFolder, uniqueId } from '../test-support/builders.js';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';

describeOnEachDialect('transactions and unique keys', (store) => {
  it('rolls back every write of a failed transaction, while a concurrent reader waits or reads the old state', async () => {
    const { persistence } = store();
    const remoteId = uniqueId('rolled-back');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failing = persistence.transaction(async (tx) => {
      const created = await tx.contentHandler.create(folder('Doomed', { remoteId }));
      await tx.contentHandler.publish(created.contentInfo.id, 1, { name: 'Doomed', date: new Date('2024-01-01T00:00:00Z') });
      await tx.locationHandler.create({
        contentId: created.contentInfo.id, parentLocationId: 2, priority: 0, hidden: false, remoteId: uniqueId('l'), sortField: 'PATH', sortOrder: 'ASC',
      });
      await tx.locationHandler.setHidden(2, true);
      await gate;
      throw new Error('abort');
    });
    const concurrentRead = persistence.contentHandler.loadContentInfoByRemoteId(remoteId);
    release();
    await expect(failing).rejects.toThrow('abort');
    expect(await concurrentRead).toBeNull();
    expect(await persistence.contentHandler.loadContentInfoByRemoteId(remoteId)).toBeNull();
    expect(await persistence.locationHandler.load(2)).toMatchObject({ hidden: false, invisible: false });
    expect((await persistence.locationHandler.countChildren([2])).get(2)).toBe(1);
  });

  it('lets the root handlers read inside a transaction (joining it) instead of waiting for its connection', async () => {
    const { persistence } = store();
    const remoteId = uniqueId('inside');
    const seen = await persistence.transaction(async (tx) => {
      await tx.contentHandler.create(folder('Inside', { remoteId }));
      return persistence.contentHandler.loadContentInfoByRemoteId(remoteId);
    });
    expect(seen?.remoteId).toBe(remoteId);
  });

  it('joins the enclosing transaction when nested, so an outer failure undoes the inner work', async () => {
    const { persistence } = store();
    const remoteId = uniqueId('nested');
    await expect(
      persistence.transaction(async (tx) => {
        await tx.transaction(async (inner) => {
          await inner.transaction((innermost) => innermost.contentHandler.create(folder('Nested', { remoteId })));
        });
        throw new Error('outer');
      }),
    ).rejects.toThrow('outer');
    expect(await persistence.contentHandler.loadContentInfoByRemoteId(remoteId)).toBeNull();
  });

  it('serialises concurrent transactions and keeps their outcomes apart', async () => {
    const { persistence } = store();
    const names = Array.from({ length: 8 }, (_, index) => uniqueId(`parallel-${index}`));
    const results = await Promise.allSettled(
      names.map((remoteId, index) =>
        persistence.transaction(async (tx) => {
          await tx.contentHandler.create(folder(remoteId, { remoteId }));
          await new Promise((resolve) => setTimeout(resolve, 2));
          if (index % 2 === 1) throw new Error('odd');
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(names.map((_, index) => (index % 2 === 1 ? 'rejected' : 'fulfilled')));
    for (const [index, remoteId] of names.entries()) {
      const found = await persistence.contentHandler.loadContentInfoByRemoteId(remoteId);
      expect(found === null).toBe(index % 2 === 1);
    }
  });

  it('runs read-modify-writes under one aggregate lock one after the other, so no increment is lost', async () => {
    const { persistence } = store();
    const created = await persistence.contentHandler.create(folder('Counter', { remoteId: uniqueId('counter') }));
    const contentId = created.contentInfo.id;
    const increments = 16;
    await Promise.all(
      Array.from({ length: increments }, () =>
        persistence.transaction(async (tx) => {
          await tx.lock([{ kind: 'content', id: contentId }]);
          const info = await tx.contentHandler.loadContentInfo(contentId);
          // Read, yield (another transaction may run now), then write what was read plus one.
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx.contentHandler.updateMetadata(contentId, { name: String(Number(info?.name === 'Counter' ? 0 : info?.name) + 1) });
        }),
      ),
    );
    expect((await persistence.contentHandler.loadContentInfo(contentId))?.name).toBe(String(increments));
  });

  it('counts the writes of an aggregate as its revision, and a rolled-back write not at all', async () => {
    const { persistence } = store();
    const target = { kind: 'section', id: 1_000_001 } as const;
    expect(await persistence.revisions([target])).toEqual([0]);
    expect(await persistence.transaction((tx) => tx.lock([target, { kind: 'content', id: 1 }, target]))).toEqual([0, expect.any(Number), 0]);
    await expect(
      persistence.transaction(async (tx) => {
        await tx.lock([target]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await persistence.transaction((tx) => tx.lock([target]))).toEqual([1]);
    expect(await persistence.revisions([target])).toEqual([2]);
  });

  it('locks a subtree-sized set of aggregates (more than one batch) and answers each one its own previous revision', async () => {
    const { persistence } = store();
    const targets = Array.from({ length: 1_203 }, (_, index) => ({ kind: 'location', id: 2_000_000 + index }) as const);
    const bumpedTwice = targets.filter((_, index) => index % 7 === 0);
    await persistence.transaction((tx) => tx.lock(bumpedTwice));
    const before = await persistence.transaction((tx) => tx.lock([...targets].reverse()));
    expect(before).toEqual([...targets].reverse().map((target) => ((target.id - 2_000_000) % 7 === 0 ? 1 : 0)));
    expect(await persistence.revisions(targets)).toEqual(targets.map((_, index) => (index % 7 === 0 ? 2 : 1)));
  });

  it('refuses a lock outside a transaction', async () => {
    await expect(store().persistence.lock([{ kind: 'content', id: 1 }])).rejects.toThrow('inside a transaction');
    await expect(store().persistence.lockShared([{ kind: 'content', id: 1 }])).rejects.toThrow('inside a transaction');
  });

  it('holds an aggregate shared without counting a write, and a writer of it waits until the holder commits', async () => {
    const { persistence } = store();
    const target = { kind: 'contentType', id: 1_000_002 } as const;
    await persistence.transaction((tx) => tx.lock([target]));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const events: string[] = [];
    let held: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holder = persistence.transaction(async (tx) => {
      expect(await tx.lockShared([target, { kind: 'section', id: 1_000_003 }])).toEqual([1, 0]);
      held();
      await gate;
      events.push('holder commits');
    });
    await holding;
    const writer = persistence.transaction(async (tx) => {
      const [before] = await tx.lock([target]);
      events.push('writer locked');
      return before;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    release();
    await holder;
    expect(await writer).toBe(1);
    expect(events).toEqual(['holder commits', 'writer locked']);
    expect(await persistence.revisions([target, { kind: 'section', id: 1_000_003 }])).toEqual([2, 0]);
  });

  it('turns duplicate content and location remoteIds and logins into InvalidArgumentError', async () => {
    const { persistence } = store();
    await expect(persistence.contentHandler.create(folder('Dup', { remoteId: 'content-1' }))).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(persistence.contentHandler.updateMetadata(20, { remoteId: 'content-1' })).rejects.toBeInstanceOf(InvalidArgumentError);
    const located = await publishFolder(persistence, 'Has location', 2);
    await expect(persistence.locationHandler.update(located.locationId, { remoteId: 'location-2' })).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(
      persistence.locationHandler.create({
        contentId: located.contentId, parentLocationId: 5, priority: 0, hidden: false, remoteId: 'location-20', sortField: 'PATH', sortOrder: 'ASC',
      }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(
      persistence.userHandler.upsertAccount({
        contentId: located.contentId, login: 'ADMIN', email: 'x@example.com', passwordHash: 'h', enabled: true, maxLogin: 1, passwordUpdatedAt: null,
      }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
    // a failed statement inside a transaction aborts it: the whole transaction rolls back
    const remoteId = uniqueId('before-dup');
    await expect(
      persistence.transaction(async (tx) => {
        await tx.contentHandler.create(folder('Before', { remoteId }));
        await tx.contentHandler.create(folder('Dup', { remoteId: 'content-1' }));
      }),
    ).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(await persistence.contentHandler.loadContentInfoByRemoteId(remoteId)).toBeNull();
  });
});
