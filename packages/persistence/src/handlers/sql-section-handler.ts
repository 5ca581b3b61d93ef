import type { Section, SectionHandler } from '@contentrepo/core';
import type { SqlContext } from '../db/sql-context.js';
import { toSection } from '../mappers/user-values.js';

/** SectionHandler on the `section` table. Lists are ordered by id; unknown ids and identifiers give null. */
export class SqlSectionHandler implements SectionHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadAll(): Promise<readonly Section[]> {
    const rows = await this.ctx.rows(this.ctx.kx('section').select('*').orderBy('id'));
    return rows.map(toSection);
  }

  async load(sectionId: number): Promise<Section | null> {
    const row = await this.ctx.first(this.ctx.kx('section').select('*').where('id', sectionId));
    return row && toSection(row);
  }

  async loadByIdentifier(identifier: string): Promise<Section | null> {
    const row = await this.ctx.first(this.ctx.kx('section').select('*').where('identifier', identifier));
    return row && toSection(row);
  }
}
