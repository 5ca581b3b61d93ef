import type { Language, LanguageHandler } from '@contentrepo/core';
import type { SqlContext } from '../db/sql-context.js';
import { toLanguage } from '../mappers/user-values.js';

/** LanguageHandler on the `language` table. Lists are ordered by id; unknown ids and codes give null. */
export class SqlLanguageHandler implements LanguageHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadAll(): Promise<readonly Language[]> {
    const rows = await this.ctx.rows(this.ctx.kx('language').select('*').orderBy('id'));
    return rows.map(toLanguage);
  }

  async load(languageId: number): Promise<Language | null> {
    const row = await this.ctx.first(this.ctx.kx('language').select('*').where('id', languageId));
    return row && toLanguage(row);
  }

  async loadByCode(languageCode: string): Promise<Language | null> {
    const row = await this.ctx.first(this.ctx.kx('language').select('*').where('language_code', languageCode));
    return row && toLanguage(row);
  }
}
