import type { Language, LanguageHandler } from '@contentrepo/core';
import type { SqlContext } from '../db/sql-context.js';
import { toLanguage } from '../mappers/user-value-rows.js';
import { TABLES } from '../schema/index.js';

const { language: languages } = TABLES;

/** LanguageHandler on the `language` table. Lists are ordered by id; unknown ids and codes give null. */
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
}
