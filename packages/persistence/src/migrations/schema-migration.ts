import { Migration } from '@mikro-orm/migrations';
import { dialectOf, type Dialect } from '../db/dialect.js';
import type { DdlWriter } from './ddl-writer.js';

/**
 * Base of this package's migrations: gives `up()` a {@link DdlWriter} bound to the migration's knex and
 * dialect. Migrations are committed classes, listed explicitly in `migrations/index.ts` (never discovered).
 */
export abstract class SchemaMigration extends Migration {
  protected get dialect(): Dialect {
    return dialectOf(this.driver.getPlatform());
  }

  protected ddl(): DdlWriter {
    return {
      knex: this.getKnex(),
      dialect: this.dialect,
      schema: (builder) => {
        for (const statement of builder.toSQL()) this.addSql(statement.sql);
      },
      sql: (statement) => this.addSql(statement),
    };
  }

  /** Adds the statements of the migration's dialect (the body `schema/migration-source.ts` generates). */
  protected statements(byDialect: Readonly<Record<Dialect, readonly string[]>>): void {
    for (const statement of byDialect[this.dialect]) this.addSql(statement);
  }
}
