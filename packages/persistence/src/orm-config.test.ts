import { describe, expect, it } from '@jest/globals';
import { MIGRATIONS } from './migrations/index.js';
import { MIGRATION_NAMES } from './migrations/migration-names.js';
import { createOrmConfig, isPostgresUrl } from './orm-config.js';

describe('createOrmConfig', () => {
  it('selects PostgreSQL for postgres:// and postgresql:// URLs, SQLite otherwise', () => {
    expect(isPostgresUrl('postgres://u@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://u@h/db')).toBe(true);
    expect(isPostgresUrl('mysql://u@h/db')).toBe(false);
    expect(isPostgresUrl(undefined)).toBe(false);
    expect(createOrmConfig({ dataDir: '/data', databaseUrl: 'postgresql://u@h/db' }).driver).toBe('postgresql');
    const sqlite = createOrmConfig({ dataDir: '/data', databaseUrl: 'sqlite:whatever' });
    expect(sqlite).toMatchObject({ driver: 'sqlite', filename: '/data/contentrepo.sqlite' });
  });

  it('turns debug logging off unless asked, lists migrations explicitly and no entities (MikroORM only migrates)', () => {
    const config = createOrmConfig({ dataDir: '/data' });
    expect(config.options.debug).toBe(false);
    expect(config.options.entities).toEqual([]);
    expect(MIGRATIONS.map((migration) => migration.name)).toEqual([...MIGRATION_NAMES]);
    expect(createOrmConfig({ dataDir: '/data', debug: true }).options.debug).toBe(true);
  });

  it('isolates PostgreSQL in a schema and refuses unsafe schema names', () => {
    const config = createOrmConfig({ dataDir: '/data', databaseUrl: 'postgres://u@h/db', schema: 'test_abc' });
    expect(config).toMatchObject({ driver: 'postgresql', schema: 'test_abc' });
    expect(config.options.schema).toBe('test_abc');
    expect(() => createOrmConfig({ dataDir: '/data', databaseUrl: 'postgres://u@h/db', schema: 'x"; drop' })).toThrow();
  });
});
