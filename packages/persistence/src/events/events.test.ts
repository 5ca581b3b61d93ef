import { beforeAll, expect, it } from '@jest/globals';
import type { PersistenceHandler, PublishedEvent, Repository } from '@contentrepo/core';
import { publishFolder } from '@contentrepo/core/testing';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';
import { cleanRepositoriesOn } from '../test-support/repository-on-store.js';
import type { Persistence } from '../index.js';

/** Waits until `check` holds, polling every 20 ms for at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every published event after `after`, read in pages. */
async function readAll(store: Persistence, after = 0): Promise<PublishedEvent[]> {
  const all: PublishedEvent[] = [];
  for (let position = after, round = 0; round < 1000; round++) {
    const page = await store.events.read(position, 500);
    all.push(...page);
    if (page.length < 500) break;
    position = page.at(-1)?.seq ?? position;
  }
  return all;
}

describeOnEachDialect(
  'domain events: outbox, relay, reading',
  (store) => {
    let admin: Repository;
    beforeAll(async () => {
      [admin = undefined as never] = await cleanRepositoriesOn(store());
      await store().events.relay();
    });

    it('records the events of an operation in its transaction and numbers them once committed', async () => {
      const before = await store().events.lastSeq();
      const folder = await publishFolder(admin, 'Evented', 2);
      await store().events.relay();
      const events = await readAll(store(), before);
      expect(events.map((event) => event.type)).toEqual(['version.created', 'content.published']);
      expect(events[0]).toMatchObject({ seq: before + 1, payload: { contentId: folder.contentId, versionNo: 1 }, userId: 14 });
      expect(events[1]).toMatchObject({ seq: before + 2, payload: { contentId: folder.contentId, versionNo: 1, languageCodes: ['eng-GB'] } });
      expect(events[1]?.occurredAt).toBeInstanceOf(Date);
    });

    it('records no event for a failing operation or a rolled-back transaction', async () => {
      const before = await store().events.lastSeq();
      await expect(admin.locationService.moveSubtree(2, 2)).rejects.toThrow();
      await expect(
        store().persistence.transaction(async (tx) => {
          await tx.events.record([{ type: 'test.rolled_back', payload: {}, userId: null }]);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await store().events.relay();
      expect(await readAll(store(), before)).toEqual([]);
      const rows = await store().query('SELECT count(*) AS n FROM domain_event WHERE type = ?', ['test.rolled_back']);
      expect(rows[0]?.int('n')).toBe(0);
    });

    it('refuses to record through the handler of a transaction that has ended (the events would be lost)', async () => {
      let kept: PersistenceHandler | undefined;
      let keptAfterRecording: PersistenceHandler | undefined;
      await store().persistence.transaction((tx) => {
        kept = tx;
        return Promise.resolve();
      });
      await store().persistence.transaction(async (tx) => {
        keptAfterRecording = tx;
        await tx.events.record([{ type: 'test.in_time', payload: {}, userId: null }]);
      });
      await expect(kept?.events.record([{ type: 'test.too_late', payload: {}, userId: null }])).rejects.toThrow('already ended');
      await expect(keptAfterRecording?.events.record([{ type: 'test.too_late', payload: {}, userId: null }])).rejects.toThrow('already ended');
    });

    it('numbers events of parallel writers and racing relays exactly once, gap-free, in increasing order', async () => {
      const node = await store().openNode();
      const before = await store().events.lastSeq();
      const writers = 4;
      const perWriter = 15;
      const write = async (persistence: Persistence, writer: number): Promise<void> => {
        for (let index = 0; index < perWriter; index++) {
          await persistence.persistence.transaction((tx) =>
            tx.events.record([
              { type: 'test.parallel', payload: { writer, index, part: 1 }, userId: null },
              { type: 'test.parallel', payload: { writer, index, part: 2 }, userId: null },
            ]),
          );
        }
      };
      const relays = async (persistence: Persistence): Promise<void> => {
        for (let round = 0; round < 20; round++) await persistence.events.relay();
      };
      await Promise.all([
        ...Array.from({ length: writers }, (_, writer) => write(writer % 2 === 0 ? store() : node, writer)),
        relays(store()),
        relays(node),
      ]);
      await Promise.all([store().events.relay(), node.events.relay()]);
      const events = (await readAll(store(), before)).filter((event) => event.type === 'test.parallel');
      expect(events).toHaveLength(writers * perWriter * 2);
      expect(events.map((event) => event.seq)).toEqual(Array.from({ length: events.length }, (_, index) => before + index + 1));
      const seen = new Set(events.map((event) => JSON.stringify(event.payload)));
      expect(seen.size).toBe(events.length);
      // Both events of one transaction are numbered together and in recorded order.
      for (let index = 0; index < events.length; index += 2) {
        expect(events[index]?.payload).toMatchObject({ part: 1 });
        expect(events[index + 1]?.payload).toEqual({ ...events[index]?.payload, part: 2 });
      }
      expect(await store().events.depth()).toMatchObject({ unnumbered: 0, lastSeq: before + events.length });
    });

    it('delivers to subscribers in seq order after commit, from a saved position, across nodes', async () => {
      const node = await store().openNode();
      const start = await store().events.lastSeq();
      const here: PublishedEvent[] = [];
      const there: PublishedEvent[] = [];
      const stopHere = store().events.subscribe((event) => void here.push(event), { after: start });
      const stopThere = node.events.subscribe((event) => void there.push(event), { after: start });
      try {
        const folder = await publishFolder(admin, 'Subscribed', 2);
        await admin.locationService.hideLocation(folder.locationId);
        await until(() => here.length >= 3 && there.length >= 3);
        expect(here.map((event) => event.type)).toEqual(['version.created', 'content.published', 'location.hidden']);
        expect(there.map((event) => event.seq)).toEqual(here.map((event) => event.seq));
        // A resumed subscription gets exactly what followed the position it saved.
        const resumed: PublishedEvent[] = [];
        const stopResumed = node.events.subscribe((event) => void resumed.push(event), { after: here[0]?.seq ?? 0 });
        await until(() => resumed.length >= 2);
        stopResumed();
        expect(resumed.map((event) => event.seq)).toEqual(here.slice(1).map((event) => event.seq));
      } finally {
        stopHere();
        stopThere();
      }
    });

    it('delivers a failed event again, and stops delivering once unsubscribed', async () => {
      const start = await store().events.lastSeq();
      const received: number[] = [];
      let failures = 0;
      const stop = store().events.subscribe(
        (event) => {
          if (failures === 0) {
            failures++;
            throw new Error('not yet');
          }
          received.push(event.seq);
        },
        { after: start },
      );
      await store().persistence.transaction((tx) => tx.events.record([{ type: 'test.retry', payload: {}, userId: null }]));
      await until(() => received.length === 1);
      expect(received).toEqual([start + 1]);
      stop();
      await store().persistence.transaction((tx) => tx.events.record([{ type: 'test.after_stop', payload: {}, userId: null }]));
      await store().events.relay();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toEqual([start + 1]);
    });

    it('numbers on its periodic sweep the events a node committed but stopped before numbering', async () => {
      const start = await store().events.lastSeq();
      // What a node that stopped right after its commit leaves: committed rows without seq, no relay triggered.
      await (await store().rawContext()).run('INSERT INTO domain_event (seq, type, payload, user_id, occurred_ms) VALUES (NULL, ?, ?, NULL, ?)', [
        'test.orphaned',
        '{"n":1}',
        Date.now(),
      ]);
      expect((await store().events.depth()).unnumbered).toBe(1);
      const node = await store().openNode({ events: { sweepMs: 100 } });
      const received: PublishedEvent[] = [];
      const stop = node.events.subscribe((event) => void received.push(event), { after: start });
      try {
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(received).toEqual([]);
        node.events.start();
        await until(() => received.length === 1);
        expect(received[0]).toMatchObject({ seq: start + 1, type: 'test.orphaned', payload: { n: 1 }, userId: null });
      } finally {
        stop();
      }
    });

    it('prunes events past the retention that every cursor has passed, keeping the newest', async () => {
      const top = await store().events.lastSeq();
      expect(top).toBeGreaterThan(3);
      await (await store().rawContext()).run('INSERT INTO event_cursor (name, seq) VALUES (?, ?)', ['test-reader', 2]);
      // A cursor at 2: only events 1 and 2 may go.
      expect(await store().events.prune(Date.now() + 30 * 24 * 3600 * 1000)).toBe(2);
      expect((await store().events.read(0, 10))[0]?.seq).toBe(3);
      await (await store().rawContext()).run('UPDATE event_cursor SET seq = ? WHERE name = ?', [top + 100, 'test-reader']);
      // Within the retention nothing goes.
      expect(await store().events.prune()).toBe(0);
      await store().events.prune(Date.now() + 30 * 24 * 3600 * 1000);
      const kept = await store().events.read(0, 10);
      expect(kept.map((event) => event.seq)).toEqual([top]);
      // Numbering goes on after the kept newest event.
      await store().persistence.transaction((tx) => tx.events.record([{ type: 'test.after_prune', payload: {}, userId: null }]));
      await store().events.relay();
      expect((await store().events.read(top, 10)).map((event) => event.seq)).toEqual([top + 1]);
      await (await store().rawContext()).run('DELETE FROM event_cursor WHERE name = ?', ['test-reader']);
    });
  },
  { seed: false },
);
