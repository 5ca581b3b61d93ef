/**
 * Column vocabulary of the schema description (`schema/tables/*.ts`). A column says what the application relies
 * on — its type, nullability, default, whether strings compare byte-wise, whether the database assigns ids — and
 * `schema/ddl.ts` renders it per dialect:
 *
 * | type          | SQLite          | PostgreSQL            |
 * |---------------|-----------------|-----------------------|
 * | `integer`     | `integer`       | `integer`             |
 * | `smallint`    | `integer`       | `smallint`            |
 * | `bigint`      | `bigint`        | `bigint`              |
 * | `boolean`     | `boolean` (0/1) | `boolean`             |
 * | `varchar(n)`  | `varchar(n)`    | `character varying(n)`|
 * | `text`        | `text`          | `text`                |
 * | `json`        | `json` (text)   | `jsonb`               |
 * | `bytes`       | `blob`          | `bytea`               |
 *
 * `binary()` strings are byte-ordered on both dialects (SQLite's default BINARY collation, PostgreSQL
 * `COLLATE "C"`). Identity columns are SQLite rowid aliases (with `AUTOINCREMENT` for `autoIncrement()`, whose ids
 * are never reused) and PostgreSQL `serial`s.
 */

/** A column type of the description (see the table above for the SQL per dialect). */
export type ColumnType = 'integer' | 'smallint' | 'bigint' | 'boolean' | 'text' | 'json' | 'bytes' | `varchar(${number})`;

/**
 * How the database assigns a column's values: `autoincrement` (SQLite `INTEGER PRIMARY KEY AUTOINCREMENT`, ids
 * never reused; PostgreSQL `serial`) or `rowid` (SQLite `INTEGER PRIMARY KEY`, the rowid; PostgreSQL `serial`).
 */
export type Identity = 'autoincrement' | 'rowid';

/** A column default: a boolean or a number (rendered per dialect: SQLite 0/1, PostgreSQL false/true). */
export type ColumnDefault = boolean | number;

/** Where a committed SQLite table differs from the portable description (declared type, NULL allowed). */
export interface SqliteDeviation {
  readonly type?: ColumnType;
  readonly nullable?: boolean;
}

/** A column of the description (without its name: the table gives it one). */
export interface ColumnSpec {
  readonly type: ColumnType;
  readonly nullable: boolean;
  /** Strings compared and sorted byte-wise on both dialects (PostgreSQL `COLLATE "C"`). */
  readonly binary: boolean;
  readonly defaultValue: ColumnDefault | null;
  readonly identity: Identity | null;
  /** What the committed SQLite table declares instead, where it differs (history the migrations wrote). */
  readonly sqlite: SqliteDeviation | null;
}

/** A column definition with chainable refinements (each returns a new column). */
export class Column implements ColumnSpec {
  private constructor(
    readonly type: ColumnType,
    readonly nullable = false,
    readonly binary = false,
    readonly defaultValue: ColumnDefault | null = null,
    readonly identity: Identity | null = null,
    readonly sqlite: SqliteDeviation | null = null,
  ) {}

  /** A NOT NULL column of `type`. */
  static of(type: ColumnType): Column {
    return new Column(type);
  }

  /** NULL allowed. */
  orNull(): Column {
    return new Column(this.type, true, this.binary, this.defaultValue, this.identity, this.sqlite);
  }

  /** Byte-ordered strings on both dialects (PostgreSQL `COLLATE "C"`). */
  byteOrdered(): Column {
    return new Column(this.type, this.nullable, true, this.defaultValue, this.identity, this.sqlite);
  }

  /** A default value for rows inserted without this column. */
  withDefault(value: ColumnDefault): Column {
    return new Column(this.type, this.nullable, this.binary, value, this.identity, this.sqlite);
  }

  /** Ids assigned by the database and never reused (SQLite AUTOINCREMENT, PostgreSQL serial). */
  autoIncrement(): Column {
    return new Column(this.type, this.nullable, this.binary, this.defaultValue, 'autoincrement', this.sqlite);
  }

  /** Ids assigned by the database as SQLite rowids (PostgreSQL serial). */
  rowId(): Column {
    return new Column(this.type, this.nullable, this.binary, this.defaultValue, 'rowid', this.sqlite);
  }

  /** What the committed SQLite table declares instead (see {@link SqliteDeviation}). */
  onSqlite(deviation: SqliteDeviation): Column {
    return new Column(this.type, this.nullable, this.binary, this.defaultValue, this.identity, deviation);
  }
}

/** Column constructors, NOT NULL unless `.orNull()`. */
export const column = {
  integer: (): Column => Column.of('integer'),
  smallint: (): Column => Column.of('smallint'),
  bigint: (): Column => Column.of('bigint'),
  /** A date: Unix seconds in a bigint. */
  seconds: (): Column => Column.of('bigint'),
  boolean: (): Column => Column.of('boolean'),
  varchar: (length: number): Column => Column.of(`varchar(${length})`),
  text: (): Column => Column.of('text'),
  /** JSON: text on SQLite, jsonb on PostgreSQL (read through `db/json-decoders.ts`). */
  json: (): Column => Column.of('json'),
  /** Raw bytes: SQLite `blob`, PostgreSQL `bytea` (bound and read as Node Buffers). */
  bytes: (): Column => Column.of('bytes'),
} as const;

/** `remoteId` → `remote_id`: the SQL name of a column key. */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
