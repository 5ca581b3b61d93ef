import { binaryText, type DdlWriter } from '../ddl-writer.js';

/**
 * The search index, next to the tables of 0001 (docs/adr/0004-search-semantics.md,
 * packages/persistence/README.md "Search"):
 * - `search_field`: `is_empty` (core's `isEmptyEntry`, for IsFieldEmpty); Field criteria look entries up by
 *   identifier, so the key indexes become `(field_def_identifier, sort_key_int | sort_key_string)`;
 * - `search_field_element`: `field_def_identifier` and the same per-identifier indexes; `value_string`
 *   unbounded on PostgreSQL (elements are compared whole, never cut);
 * - `search_word` (dictionary: word, reversed word for suffix queries) and `search_word_link` (postings: word,
 *   item, language) — the words of core's `indexWords`, so that FullText agrees with the reference evaluator;
 * - `search_name` (names of the indexed version per language) and `search_user` (login, email), lower-cased by
 *   JavaScript when indexed, for ContentName, UserLogin and UserEmail;
 * - `bookmark` (user, location) for IsBookmarked;
 * - a partial index of published items (`content (id) WHERE status = 1`): searches check an item's status in
 *   it without reading the row, and the stop-word rule counts published items with it;
 * - covering indexes: the key indexes of `search_field` / `search_field_element` and the location indexes of the
 *   tree criteria (path string, parent) also hold the language / depth and the item.
 * Rows of 0001 are carried over where SQL can derive them (`is_empty` from keys and elements, element
 * identifiers, names and logins lower-cased by SQL); the words come from `search_text` in migration 0003.
 */
export function createSearchIndexTables(writer: DdlWriter): void {
  const { sql, dialect } = writer;
  const text = binaryText(dialect);
  const falseValue = dialect === 'postgresql' ? 'false' : '0';
  sql(`ALTER TABLE search_field ADD COLUMN is_empty boolean NOT NULL DEFAULT ${falseValue}`);
  sql(
    'UPDATE search_field SET is_empty = (sort_key_int IS NULL AND sort_key_string IS NULL AND NOT EXISTS (' +
      'SELECT 1 FROM search_field_element e WHERE e.content_id = search_field.content_id ' +
      'AND e.field_definition_id = search_field.field_definition_id AND e.language_code = search_field.language_code))',
  );
  for (const index of ['field_definition_id_sort_key_int', 'field_definition_id_sort_key_string', 'field_def_identifier_content_type_id']) {
    sql(`DROP INDEX search_field_${index}_index`);
  }
  // Covering (type, language and item in the index): a Field criterion reads its matches from the index alone.
  for (const key of ['sort_key_int', 'sort_key_string']) {
    sql(
      `CREATE INDEX search_field_field_def_identifier_${key}_index ON search_field ` +
        `(field_def_identifier, ${key}, field_type_identifier, language_code, content_id)`,
    );
  }

  sql('ALTER TABLE search_field_element ADD COLUMN field_def_identifier varchar(50)');
  sql(
    'UPDATE search_field_element SET field_def_identifier = (SELECT f.field_def_identifier FROM search_field f ' +
      'WHERE f.content_id = search_field_element.content_id AND f.field_definition_id = search_field_element.field_definition_id ' +
      'AND f.language_code = search_field_element.language_code)',
  );
  if (dialect === 'postgresql') sql(`ALTER TABLE search_field_element ALTER COLUMN value_string TYPE ${text}`);
  for (const index of ['value_string', 'value_int']) {
    sql(`DROP INDEX search_field_element_field_definition_id_${index}_index`);
    sql(
      `CREATE INDEX search_field_element_field_def_identifier_${index}_index ON search_field_element (field_def_identifier, ${index}, language_code, content_id)`,
    );
  }

  const withoutRowId = dialect === 'sqlite' ? ' WITHOUT ROWID' : '';
  const id = dialect === 'postgresql' ? 'serial PRIMARY KEY' : 'integer PRIMARY KEY';
  sql(`CREATE TABLE search_word (id ${id}, word ${text} NOT NULL, reversed ${text} NOT NULL)`);
  sql('CREATE UNIQUE INDEX search_word_word_unique ON search_word (word)');
  sql('CREATE INDEX search_word_reversed_index ON search_word (reversed)');
  sql(
    'CREATE TABLE search_word_link (word_id integer NOT NULL, content_id integer NOT NULL, language_code varchar(20) NOT NULL, ' +
      `PRIMARY KEY (word_id, content_id, language_code))${withoutRowId}`,
  );
  sql('CREATE INDEX search_word_link_content_id_index ON search_word_link (content_id)');

  sql(
    `CREATE TABLE search_name (content_id integer NOT NULL, language_code varchar(20) NOT NULL, name ${text} NOT NULL, ` +
      `PRIMARY KEY (content_id, language_code))${withoutRowId}`,
  );
  sql('CREATE INDEX search_name_name_index ON search_name (name)');
  sql(
    'INSERT INTO search_name (content_id, language_code, name) SELECT n.content_id, n.language_code, lower(n.name) FROM content_name n ' +
      'JOIN content c ON c.id = n.content_id AND n.version_no = c.current_version_no WHERE c.status = 1',
  );
  sql(`CREATE TABLE search_user (content_id integer PRIMARY KEY, login ${text} NOT NULL, email ${text} NOT NULL)`);
  sql('CREATE INDEX search_user_login_index ON search_user (login)');
  sql('CREATE INDEX search_user_email_index ON search_user (email)');
  sql('INSERT INTO search_user (content_id, login, email) SELECT content_id, lower(login), lower(email) FROM user_account');

  sql(`CREATE TABLE bookmark (user_id integer NOT NULL, location_id integer NOT NULL, PRIMARY KEY (user_id, location_id))${withoutRowId}`);
  sql('CREATE INDEX bookmark_location_id_index ON bookmark (location_id)');
  sql('CREATE INDEX content_published_items_index ON content (id) WHERE status = 1');
  // The tree criteria's subqueries read the item (and depth) from the location indexes alone.
  sql('DROP INDEX location_path_string_index');
  sql('CREATE INDEX location_path_string_index ON location (path_string, depth, content_id)');
  sql('DROP INDEX location_parent_id_priority_index');
  sql('CREATE INDEX location_parent_id_priority_index ON location (parent_id, priority, depth, content_id)');
}
