// node --test (on the compiled JavaScript)
import { nodeTestRunner } from '@contentrepo/core/testing/node';
import { describePublishing } from './publishing.js';

describePublishing(nodeTestRunner);
