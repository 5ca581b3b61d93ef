import * as jestGlobals from '@jest/globals';
import { createInMemoryPersistence } from '../in-memory/index.js';
import { describeSearchContract } from './search-suite.js';

describeSearchContract(jestGlobals, 'in-memory', async () => ({ ...createInMemoryPersistence(), close: async () => undefined }));
