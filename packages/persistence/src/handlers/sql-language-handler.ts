import { InvalidArgumentError, nextLanguageId, type Language, type LanguageHandler } from '@contentrepo/core';
import { insertRows } from '../db/inserts.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql } from '../db/statement.js';
import { convertUniqueViolation } from '../db/unique-violation.js';
import { toLanguage } from '../mappers/user-value-rows.js';
import { TABLES } from '../schema/index.js';

const { language: languages, content, contentVersion, contentName, contentField, contentType, objectStateGroup, objectState, urlAlias } = TABLES;

const HIGHEST_ID = sql<[]>(`SELECT MAX(${languages.id}) AS id FROM ${languages}`);
const UPDATE = sql<[name: string, enabled: boolean, languageId: number]>(
  `UPDATE ${languages} SET ${languages.$set(['name', 'enabled'])} WHERE ${languages.id} = ?`,
);
const DELETE = sql<[languageId: number]>(`DELETE FROM ${languages} WHERE ${languages.id} = ?`);

/** `<json array column> holds "<code>"` (the parameter is the JSON string, quotes included). */
const jsonHolds = (column: string): { sqlite: string; postgresql: string } => ({
  sqlite: `instr(${column}, ?) > 0`,
  postgresql: `strpos(${column}::text, ?) > 0`,
});
const holds = (table: string, condition: string | { sqlite: string; postgresql: string }): { sqlite: string; postgresql: string } => {
  const text = typeof condition === 'string' ? { sqlite: condition, postgresql: condition } : condition;
  return { sqlite: `EXISTS (SELECT 1 FROM ${table} WHERE ${text.sqlite})`, postgresql: `EXISTS (SELECT 1 FROM ${table} WHERE ${text.postgresql})` };
};
/** Every place a language code is stored (besides the search index, which follows the content). */
const USES = [
  holds(`${content}`, `${content.mainLanguageCode} = ?`),
  holds(`${contentVersion}`, `${contentVersion.initialLanguageCode} = ?`),
  holds(`${contentName}`, `${contentName.languageCode} = ?`),
  holds(`${contentField}`, `${contentField.languageCode} = ?`),
  holds(`${contentType}`, `${contentType.mainLanguageCode} = ?`),
  holds(`${objectStateGroup}`, `${objectStateGroup.defaultLanguageCode} = ?`),
  holds(`${objectStateGroup}`, jsonHolds(`${objectStateGroup.languageCodes}`)),
  holds(`${objectState}`, `${objectState.defaultLanguageCode} = ?`),
  holds(`${objectState}`, jsonHolds(`${objectState.languageCodes}`)),
  holds(`${urlAlias}`, jsonHolds(`${urlAlias.languageCodes}`)),
];
/** Parameters of {@link IS_USED}: the code, or the code as a JSON string for the JSON columns. */
const USE_IS_JSON = [false, false, false, false, false, false, true, false, true, true];
const IS_USED = sql<string[]>({
  sqlite: `SELECT CASE WHEN ${USES.map((use) => use.sqlite).join(' OR ')} THEN 1 ELSE 0 END AS used`,
  postgresql: `SELECT CASE WHEN ${USES.map((use) => use.postgresql).join(' OR ')} THEN 1 ELSE 0 END AS used`,
});

/**
 * LanguageHandler on the `language` table. Lists are ordered by id; unknown ids and codes give null; a taken code
 * (unique index) is an InvalidArgumentError. New ids are the next power of two above the highest (the caller's
 * transaction holds the languages' lock, so two creations never pick the same id).
 */
export class SqlLanguageHandler implements LanguageHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadAll(): Promise<readonly Language[]> {
    const rows = await this.ctx.rows(this.ctx.kx(languages.$name).select('*').orderBy(languages.id));
    return rows.map(toLanguage);
  }

  async load(languageId: number): Promise<Language | null> {
    const row = await this.ctx.first(this.ctx.kx(languages.$name).select('*').where(languages.id, languageId));
    return row && toLanguage(row);
  }

  async loadByCode(languageCode: string): Promise<Language | null> {
    const row = await this.ctx.first(this.ctx.kx(languages.$name).select('*').where(languages.languageCode, languageCode));
    return row && toLanguage(row);
  }

  async create(language: Omit<Language, 'id'>): Promise<Language> {
    const highest = (await this.ctx.one(HIGHEST_ID, []))?.intOrNull('id') ?? 0;
    const created: Language = { id: nextLanguageId(highest), languageCode: language.languageCode, name: language.name, enabled: language.enabled };
    await convertUniqueViolation(
      this.ctx,
      () => insertRows(this.ctx, languages, [created]),
      () => new InvalidArgumentError('languageCreateStruct', `language with the "${language.languageCode}" language code already exists`),
    );
    return created;
  }

  async update(language: Language): Promise<Language> {
    await this.ctx.write(UPDATE, [language.name, language.enabled, language.id]);
    return (await this.load(language.id)) ?? language;
  }

  async delete(languageId: number): Promise<void> {
    await this.ctx.write(DELETE, [languageId]);
  }

  async isUsed(languageCode: string): Promise<boolean> {
    const params = USE_IS_JSON.map((json) => (json ? JSON.stringify(languageCode) : languageCode));
    return ((await this.ctx.one(IS_USED, params))?.int('used') ?? 0) === 1;
  }
}
