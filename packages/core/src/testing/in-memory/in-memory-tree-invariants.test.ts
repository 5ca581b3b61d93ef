import * as jestGlobals from '@jest/globals';
import { describeTreeInvariants } from '../tree-invariants.js';
import { createInMemoryPersistence } from './index.js';

describeTreeInvariants(jestGlobals, 'in-memory', async () => {
  const { persistence, seedImporter } = createInMemoryPersistence();
  return { persistence, seedImporter, close: async () => undefined };
});
