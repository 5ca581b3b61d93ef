import { describeTreeInvariants } from '../tree-invariants.js';
import { createInMemoryPersistence } from './index.js';

describeTreeInvariants('in-memory', async () => {
  const { persistence, seedImporter } = createInMemoryPersistence();
  return { persistence, seedImporter, close: async () => undefined };
});
