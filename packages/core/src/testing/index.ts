/**
 * @contentrepo/core/testing — what adapters and users need to test against core:
 * the in-memory persistence (reference SPI implementation), the persistence, search and binary storage contract
 * suites, and a ready-made repository seeded with the clean-install data. Nothing here imports a test framework: the suites
 * declare their tests through the `TestRunner` their caller passes.
 */
export {
  createInMemoryBinaryStorage,
  createInMemoryPersistence,
  createPlainTextPasswordHasher,
  type InMemoryPersistence,
  type InMemoryPersistenceOptions,
} from './in-memory/index.js';
export { describeBinaryStorageContract, type BinaryStorageUnderTest } from './binary-storage-contract.js';
export { describePersistenceContract, type PersistenceUnderTest } from './persistence-contract.js';
export { describeSearchContract } from './contract/search-suite.js';
export { SEARCH_CONTRACT_RUNS, SEARCH_CONTRACT_SEED } from './contract/search-generated.contract.js';
export { createTestRepository, type TestRepository, type TestRepositoryOptions } from './test-repository.js';
export { publishFolder, renameFolder, type PublishedFolder } from './content-builders.js';
export { testFieldDefinition, type NewFieldDefinition } from './test-field-definition.js';
export { describeTreeInvariants, TREE_PROPERTY_RUNS, TREE_PROPERTY_SEED } from './tree-invariants.js';
export type { AnyClass, Assertion, Matchers, RejectionMatchers, TestBody, TestRunner, ThrownExpectation } from './test-runner.js';
