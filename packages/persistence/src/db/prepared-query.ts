import type { Knex } from '@mikro-orm/knex';
import type { Dialect } from './dialect.js';

/** A placeholder for argument `index` of a prepared query, usable wherever knex accepts a value. */
export type Param = (index: number) => Knex.Raw;

/** A compiled statement: SQL with `?` placeholders and where each binding comes from. */
interface Compiled {
  readonly sql: string;
  /** Per binding: the argument index it takes, or the constant knex bound (e.g. a LIMIT). */
  readonly slots: readonly ({ readonly arg: number } | { readonly value: Knex.Value })[];
}

const MARKER = '\u0000contentrepo-param-';

/**
 * A fixed-shape query of a hot read path, built with the knex query builder once per dialect and then reused
 * with new arguments (knex compiles a builder on every run, which costs more than the SQLite query itself).
 * The builder receives `param(i)` placeholders for its arguments (and the dialect); shapes must not depend on the arguments
 * (no IN lists of varying length — those stay ordinary builders).
 */
export class PreparedQuery {
  private readonly compiled = new Map<Dialect, Compiled>();

  constructor(private readonly build: (kx: Knex, param: Param, dialect: Dialect) => Knex.QueryBuilder) {}

  /** SQL and bindings for `args`, compiling on first use with this dialect. */
  statement(kx: Knex, dialect: Dialect, args: readonly Knex.Value[]): { sql: string; bindings: Knex.Value[] } {
    let compiled = this.compiled.get(dialect);
    if (!compiled) {
      compiled = compile(this.build(kx, (index) => kx.raw('?', [`${MARKER}${index}`]), dialect));
      this.compiled.set(dialect, compiled);
    }
    const bindings = compiled.slots.map((slot) => {
      if (!('arg' in slot)) return slot.value;
      const value = args[slot.arg];
      if (value === undefined) throw new Error(`Prepared query: missing argument ${slot.arg}`);
      return value;
    });
    return { sql: compiled.sql, bindings };
  }
}

function compile(query: Knex.QueryBuilder): Compiled {
  const { sql, bindings } = query.toSQL();
  return {
    sql,
    slots: bindings.map((binding) =>
      typeof binding === 'string' && binding.startsWith(MARKER) ? { arg: Number(binding.slice(MARKER.length)) } : { value: binding },
    ),
  };
}
