import { createInMemoryPersistence, describePersistenceContract, describeSearchContract, type PersistenceUnderTest } from '@contentrepo/core/testing';
import { nodeTestRunner } from '@contentrepo/core/testing/node';

/** The contract suites on node:test: how an SPI implementation (here core's in-memory one) runs them without Jest. */
const create = async (): Promise<PersistenceUnderTest> => ({ ...createInMemoryPersistence(), close: async () => undefined });

describePersistenceContract(nodeTestRunner, 'in-memory', create);
describeSearchContract(nodeTestRunner, 'in-memory', create);
