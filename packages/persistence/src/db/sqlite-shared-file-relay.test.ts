import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Change, ChangeEvent } from '@contentrepo/core';
import { createPersistence, type ChangeRelay, type Persistence } from '../index.js';

/**
 * A relay between stores of this process, as the server's workers relay over IPC: what one sends, every other
 * receives (asynchronously, as a message would arrive).
 */
class InProcessRelays {
  private readonly receivers: { readonly owner: number; readonly listener: (events: readonly ChangeEvent[]) => void }[] = [];

  relay(owner: number): ChangeRelay {
    return {
      send: (changes: readonly Change[]) => {
        for (const receiver of this.receivers) if (receiver.owner !== owner) setImmediate(() => receiver.listener([...changes]));
      },
      receive: (listener) => {
        const receiver = { owner, listener };
        this.receivers.push(receiver);
        return () => this.receivers.splice(this.receivers.indexOf(receiver), 1);
      },
    };
  }
}

/** Events received by `store`'s feed from now on. */
function recorded(store: Persistence): ChangeEvent[] {
  const events: ChangeEvent[] = [];
  store.changes.subscribe((event) => events.push(event));
  return events;
}

describe('two SQLite stores on one file (the server\'s workers): relayed announcements and write lock', () => {
  let dataDir = '';
  let one: Persistence;
  let two: Persistence;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'contentrepo-shared-file-'));
    const relays = new InProcessRelays();
    one = await createPersistence({ dataDir, changeRelay: relays.relay(1) });
    two = await createPersistence({ dataDir, changeRelay: relays.relay(2) });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('announces a commit of one store on both, through the relay; nothing for a rollback', async () => {
    const onOne = recorded(one);
    const onTwo = recorded(two);
    await expect(
      one.persistence.transaction(async (tx) => {
        await tx.lock([{ kind: 'section', id: 9100 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await one.persistence.transaction((tx) => tx.lock([{ kind: 'section', id: 9101 }]));
    await sleep(20);
    expect(onOne).toEqual([{ kind: 'section', id: 9101 }]);
    expect(onTwo).toEqual([{ kind: 'section', id: 9101 }]);
  });

  it('a write of the other store waits for the write lock without stopping its reads, then reads what was committed', async () => {
    const target = { kind: 'role' as const, id: 9200 };
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Store one holds the file's write lock across an await (as a write transaction of another worker would).
    const first = one.persistence.transaction(async (tx) => {
      const [before] = await tx.lock([target]);
      locked();
      await held;
      return before;
    });
    await lockTaken;
    const second = two.persistence.transaction(async (tx) => (await tx.lock([target]))[0]);
    // Meanwhile the waiting store answers reads at once (its thread is not asleep in SQLite's busy handler).
    const start = performance.now();
    expect(await two.seedImporter.isEmpty()).toBe(true);
    expect(performance.now() - start).toBeLessThan(500);
    release();
    expect(await first).toBe(0);
    // The second write ran after the first committed, on its result: no lost increment.
    expect(await second).toBe(1);
  }, 20_000);
});
