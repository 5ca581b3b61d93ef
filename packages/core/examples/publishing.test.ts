// Jest (for Vitest: `import * as vitest from 'vitest'` and `describePublishing(vitest)`)
import * as jestGlobals from '@jest/globals';
import { describePublishing } from './publishing.js';

describePublishing(jestGlobals);
