import * as jestGlobals from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeBinaryStorageContract } from '@contentrepo/core/testing';
import { dialectLabel, dialectRunner } from '../test-support/dialect-suite.js';
import { testDialects } from '../test-support/test-stores.js';
import { LocalBinaryStorage } from './local-binary-storage.js';

describeBinaryStorageContract(jestGlobals, 'local folder', async () => {
  const root = await mkdtemp(join(tmpdir(), 'contentrepo-storage-'));
  return { storage: new LocalBinaryStorage({ root: join(root, 'storage') }), close: () => rm(root, { recursive: true, force: true }) };
});

for (const dialect of testDialects()) {
  describeBinaryStorageContract(dialectRunner(dialect), `database (${dialectLabel(dialect)})`, async () => {
    const store = await dialect.create({ storage: 'database' });
    return { storage: store.storage, close: () => store.close() };
  });
}
