import { describeTreeInvariants } from '@contentrepo/core/testing';
import { dialectLabel, dialectRunner } from './test-support/dialect-suite.js';
import { testDialects } from './test-support/test-stores.js';

for (const dialect of testDialects()) describeTreeInvariants(dialectRunner(dialect), dialectLabel(dialect), () => dialect.create());
