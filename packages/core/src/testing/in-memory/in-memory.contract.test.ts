import { describePersistenceContract } from '../persistence-contract.js';
import { createInMemoryPersistence } from './index.js';

describePersistenceContract('in-memory', async () => ({ ...createInMemoryPersistence(), close: async () => undefined }));
