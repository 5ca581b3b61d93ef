import { InvalidArgumentError, type Section, type SectionHandler } from '@contentrepo/core';
import { insertReturningId } from '../db/inserts.js';
import type { SqlContext } from '../db/sql-context.js';
import { sql } from '../db/statement.js';
import { convertUniqueViolation } from '../db/unique-violation.js';
import { toSection } from '../mappers/user-value-rows.js';
import { TABLES } from '../schema/index.js';

const { section: sections, content } = TABLES;
const UPDATE = sql<[identifier: string, name: string, sectionId: number]>(
  `UPDATE ${sections} SET ${sections.$set(['identifier', 'name'])} WHERE ${sections.id} = ?`,
);
const DELETE = sql<[sectionId: number]>(`DELETE FROM ${sections} WHERE ${sections.id} = ?`);
const ASSIGNMENTS = sql<[sectionId: number]>(`SELECT COUNT(*) AS n FROM ${content} WHERE ${content.sectionId} = ?`);

const duplicate = (identifier: string): InvalidArgumentError =>
  new InvalidArgumentError('$sectionCreateStruct', `A Section with identifier '${identifier}' already exists`);

/**
 * SectionHandler on the `section` table. Lists are ordered by id; unknown ids and identifiers give null; a taken
 * identifier (unique index) is an InvalidArgumentError.
 */
export class SqlSectionHandler implements SectionHandler {
  constructor(private readonly ctx: SqlContext) {}

  async loadAll(): Promise<readonly Section[]> {
    const rows = await this.ctx.rows(this.ctx.kx(sections.$name).select('*').orderBy(sections.id));
    return rows.map(toSection);
  }

  async load(sectionId: number): Promise<Section | null> {
    const row = await this.ctx.first(this.ctx.kx(sections.$name).select('*').where(sections.id, sectionId));
    return row && toSection(row);
  }

  async loadByIdentifier(identifier: string): Promise<Section | null> {
    const row = await this.ctx.first(this.ctx.kx(sections.$name).select('*').where(sections.identifier, identifier));
    return row && toSection(row);
  }

  async create(section: Omit<Section, 'id'>): Promise<Section> {
    const id = await convertUniqueViolation(
      this.ctx,
      () => insertReturningId(this.ctx, sections, { identifier: section.identifier, name: section.name }),
      () => duplicate(section.identifier),
    );
    return { id, ...section };
  }

  async update(section: Section): Promise<Section> {
    await convertUniqueViolation(this.ctx, () => this.ctx.write(UPDATE, [section.identifier, section.name, section.id]), () => duplicate(section.identifier));
    return section;
  }

  async delete(sectionId: number): Promise<void> {
    await this.ctx.write(DELETE, [sectionId]);
  }

  async assignmentsCount(sectionId: number): Promise<number> {
    return (await this.ctx.one(ASSIGNMENTS, [sectionId]))?.int('n') ?? 0;
  }
}
