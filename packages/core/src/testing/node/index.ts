/**
 * @contentrepo/core/testing/node — the kit's {@link TestRunner} for Node's built-in runner: `node:test` declares
 * the suites and tests, `expect` is the kit's matchers on `node:assert`. Pass `nodeTestRunner` where the kit takes
 * a runner, e.g. `describePersistenceContract(nodeTestRunner, 'my store', create)`, and run the file with
 * `node --test`.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { TestBody, TestRunner } from '../test-runner.js';
import { expect } from './expect.js';

/** node:test's options for an optional timeout in milliseconds. */
const timeoutOption = (timeout: number | undefined): { timeout?: number } => (timeout === undefined ? {} : { timeout });

/** A body node:test accepts (it passes a context argument, which the kit's bodies do not take). */
const run =
  (body: TestBody) =>
  async (): Promise<void> => {
    await body();
  };

/** The kit's runner on `node:test` and `node:assert`. */
export const nodeTestRunner: TestRunner = {
  describe: (name, body) => {
    void describe(name, body);
  },
  it: (name, body, timeout) => {
    void it(name, timeoutOption(timeout), run(body));
  },
  expect,
  beforeAll: (hook, timeout) => before(run(hook), timeoutOption(timeout)),
  afterAll: (hook, timeout) => after(run(hook), timeoutOption(timeout)),
  beforeEach: (hook, timeout) => beforeEach(run(hook), timeoutOption(timeout)),
  afterEach: (hook, timeout) => afterEach(run(hook), timeoutOption(timeout)),
};

export { expect } from './expect.js';
