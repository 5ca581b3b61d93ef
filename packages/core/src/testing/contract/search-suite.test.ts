import { createInMemoryPersistence } from '../in-memory/index.js';
import { describeSearchContract } from './search-suite.js';

describeSearchContract('in-memory', async () => ({ ...createInMemoryPersistence(), close: async () => undefined }));
