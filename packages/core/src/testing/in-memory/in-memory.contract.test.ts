import * as jestGlobals from '@jest/globals';
import { describePersistenceContract } from '../persistence-contract.js';
import { createInMemoryPersistence } from './index.js';

describePersistenceContract(jestGlobals, 'in-memory', async () => ({ ...createInMemoryPersistence(), close: async () => undefined }));
