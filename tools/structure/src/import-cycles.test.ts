import { describe, expect, it } from '@jest/globals';
import { importCycles } from './import-cycles.js';
import { buildImportGraph } from './import-graph.js';
import { listTypeScriptFiles, REPOSITORY_ROOT } from './repository-files.js';

describe('import cycles', () => {
  it('none between the files of the repository, type-only imports included', () => {
    const graph = buildImportGraph(REPOSITORY_ROOT, listTypeScriptFiles());
    // The graph is read as intended: type-only, relative and workspace package imports are edges.
    expect(graph.get('packages/core/src/services/service-context.ts')).toContain('packages/core/src/services/permissions/permission-guard.ts');
    expect(graph.get('packages/persistence/src/index.ts')).toContain('packages/persistence/src/handlers/sql-persistence-handler.ts');
    expect(graph.get('apps/server/src/app.ts')).toContain('packages/core/src/index.ts');
    expect(importCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('reports one shortest cycle per group of files that import each other', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'a.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'e.ts']],
      ['e.ts', ['d.ts']],
      ['f.ts', []],
    ]);
    expect(importCycles(graph)).toEqual([
      ['a.ts', 'b.ts', 'a.ts'],
      ['d.ts', 'e.ts', 'd.ts'],
    ]);
  });
});
