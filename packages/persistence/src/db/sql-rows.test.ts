import { expect, it } from '@jest/globals';
import { describeOnEachDialect } from '../test-support/dialect-suite.js';

describeOnEachDialect(
  'rows of statements',
  (store) => {
    it('read columns by name, the last of a name given twice, and absent columns as null', async () => {
      const ctx = await store().rawContext();
      const [row] = await ctx.rawRows('SELECT 1 AS a, ? AS b, NULL AS c, 3 AS a', ['two']);
      expect(row?.int('a')).toBe(3);
      expect(row?.str('b')).toBe('two');
      expect(row?.isNull('c')).toBe(true);
      expect(row?.isNull('missing')).toBe(true);
      expect(await ctx.rawRows('SELECT 1 AS a WHERE 1 = 0')).toEqual([]);
    });

    it('see the columns a schema change added to a statement run before it', async () => {
      const ctx = await store().rawContext();
      await ctx.run('CREATE TABLE rows_probe (a integer)');
      await ctx.run('INSERT INTO rows_probe (a) VALUES (1)');
      const before = await ctx.rawRows('SELECT * FROM rows_probe');
      expect(before[0]?.isNull('b')).toBe(true);
      await ctx.run("ALTER TABLE rows_probe ADD COLUMN b text NOT NULL DEFAULT 'x'");
      const after = await ctx.rawRows('SELECT * FROM rows_probe');
      expect(after[0]?.int('a')).toBe(1);
      expect(after[0]?.str('b')).toBe('x');
      await ctx.run('DROP TABLE rows_probe');
    });
  },
  { seed: false },
);
