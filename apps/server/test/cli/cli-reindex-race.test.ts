import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CLEAN_INSTALL_IDS,
  createDefaultFieldTypeRegistry,
  reindexSearch,
  type ContentHandler,
  type PersistenceHandler,
  type Repository,
} from '@contentrepo/core';
import { createPersistence } from '@contentrepo/persistence';
import { whileNoTestSchemaIsDropped } from '@contentrepo/persistence/testing';
import { pino } from 'pino';
import request from 'supertest';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/server-config.js';
import { API } from '../support/rest-session.js';
import { testEngines, vnd } from '../support/test-server.js';
import { freshDatabase, type CliDatabase } from './cli-support.js';

const VIEW_JSON = 'application/vnd.ibexa.api.ViewInput+json; version=1.1';
const FOLDER_TYPE_ID = 1;
const HOME_LOCATION_ID = CLEAN_INSTALL_IDS.homeLocationId;

/**
 * The search rebuild (`reindexSearch`, what `contentrepo reindex` runs) while the item of a batch is published:
 * the batch holds the items it reads, so the publish waits and indexes after it, and the index never ends up with
 * an older version than the published one. A full-text search then finds the item by its new name only.
 */
describe.each(testEngines())('search rebuild during a publish on $name', (engine) => {
  if (engine.skipReason !== undefined) {
    it.skip(`skipped: ${engine.skipReason}`, () => undefined);
    return;
  }
  let db: CliDatabase;
  let app: App;
  let admin: Repository;

  const fullTextCount = async (text: string): Promise<number> => {
    const response = await request(app.express)
      .post(`${API}/views`)
      .auth('admin', 'publish')
      .set('Content-Type', VIEW_JSON)
      .set('Accept', vnd('View'))
      .send(JSON.stringify({ ViewInput: { identifier: 'race', ContentQuery: { Query: { FullTextCriterion: text } } } }));
    expect(response.status).toBe(200);
    return Number(JSON.parse(response.text).View.Result.count);
  };

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await whileNoTestSchemaIsDropped(engine.databaseUrl, async () => {
      expect((await db.run(['install', '--quiet'])).exitCode).toBe(0);
      app = await createApp(loadConfig(db.env), { logger: pino({ level: 'silent' }) });
    });
    admin = app.repository.forUser({ userId: CLEAN_INSTALL_IDS.adminUserId });
  });
  afterAll(async () => {
    await app.close();
    await db.remove();
  });

  it('a publish during a batch waits for it: the index ends at the published version', async () => {
    const created = await admin.contentService.createContent(
      { contentTypeId: FOLDER_TYPE_ID, mainLanguageCode: 'eng-GB', fields: [{ fieldDefIdentifier: 'name', value: 'Raced alpha' }] },
      [{ parentLocationId: HOME_LOCATION_ID }],
    );
    const id = created.contentInfo.id;
    await admin.contentService.publishVersion(id, created.versionInfo.versionNo);
    const draft = await admin.contentService.createContentDraft(id);
    await admin.contentService.updateContent(id, draft.versionInfo.versionNo, { fields: [{ fieldDefIdentifier: 'name', value: 'Raced bravo' }] });

    // A second store, as the command opens one; its batch pauses after reading the item (version 1) and publishes
    // version 2 from the server meanwhile, then goes on writing what it read.
    const store = await createPersistence({ dataDir: db.dataDir, databaseUrl: db.env['DATABASE_URL'], schema: db.env['DATABASE_SCHEMA'], migrate: false });
    let publish: Promise<unknown> | undefined;
    const pausing = (tx: PersistenceHandler): PersistenceHandler => {
      const contentHandler = tx.contentHandler;
      const loadCurrentList: ContentHandler['loadCurrentList'] = async (ids, languages) => {
        const items = await contentHandler.loadCurrentList(ids, languages);
        if (ids.includes(id) && publish === undefined) {
          publish = admin.contentService.publishVersion(id, draft.versionInfo.versionNo);
          await new Promise((resolve) => setTimeout(resolve, 400));
        }
        return items;
      };
      return withMember(tx, 'contentHandler', withMember(contentHandler, 'loadCurrentList', loadCurrentList));
    };
    const persistence: PersistenceHandler = withMember(store.persistence, 'transaction', (work) =>
      store.persistence.transaction((tx) => work(pausing(tx))),
    );
    try {
      const result = await reindexSearch({ persistence, fieldTypes: createDefaultFieldTypeRegistry(), batchSize: 1 });
      expect(result.skipped).toBe(0);
    } finally {
      await store.close();
    }
    expect(publish).toBeDefined();
    await publish;
    expect(await fullTextCount('bravo')).toBe(1);
    expect(await fullTextCount('alpha')).toBe(0);
  });
});

/** `target` with `key` answering `value`, every other member (methods bound) as `target`'s. */
function withMember<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === key) return value;
      const member: unknown = Reflect.get(object, property, object);
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(object) : member;
    },
  });
}
