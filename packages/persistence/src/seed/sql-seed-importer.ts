import { BadStateError, type RepositorySeed, type SeedImporter } from '@contentrepo/core';
import { roleStatusCode, contentTypeStatusCode } from '../db/codes.js';
import { advanceSequence } from '../db/id-sequences.js';
import { insertRows } from '../db/inserts.js';
import type { SqlContext } from '../db/sql-context.js';
import {
  contentRow,
  contentTypeGroupRow,
  contentTypeRow,
  fieldDefinitionRow,
  fieldRow,
  languageRow,
  locationRow,
  nameRows,
  objectStateGroupRow,
  objectStateRow,
  policyRow,
  relationRow,
  roleAssignmentRow,
  sectionRow,
  userAccountRow,
  versionRow,
} from '../mappers/row-encoders.js';
import { TABLES, type TableRow } from '../schema/index.js';
import { resetSerialSequences } from './serial-sequences.js';
import { urlAliasRow } from '../handlers/url/sql-url-alias-handler.js';

const T = TABLES;

/** Tables whose rows mean "the repository has data" (the first start is when all are empty). */
const DATA_TABLES = [T.language, T.section, T.contentType, T.content, T.location] as const;

/**
 * SeedImporter on SQL: writes a RepositorySeed with its exact ids in one transaction (in foreign-key order) and
 * then moves every id generator past the seeded ids — PostgreSQL serial sequences via `setval`, SQLite
 * AUTOINCREMENT counters follow explicit ids by themselves, and the composite-key generators of
 * `db/id-sequences.ts` on both.
 */
export class SqlSeedImporter implements SeedImporter {
  constructor(private readonly ctx: SqlContext) {}

  async isEmpty(): Promise<boolean> {
    const checks = DATA_TABLES.map((table) => `EXISTS (SELECT 1 FROM ${table})`).join(' OR ');
    const rows = await this.ctx.rawRows(`SELECT (${checks}) AS found`);
    return !(rows[0]?.bool('found') ?? false);
  }

  /** @throws BadStateError when the store already holds repository data. */
  async import(seed: RepositorySeed): Promise<void> {
    await this.ctx.transaction(async (tx) => {
      if (!(await new SqlSeedImporter(tx).isEmpty())) {
        throw new BadStateError('$seed', 'the repository is not empty; a seed is imported only on first start');
      }
      await insertRows(tx, T.language, seed.languages.map(languageRow));
      await insertRows(tx, T.section, seed.sections.map(sectionRow));
      await insertRows(tx, T.contentTypeGroup, seed.contentTypeGroups.map(contentTypeGroupRow));
      await insertRows(tx, T.contentType, seed.contentTypes.map(contentTypeRow));
      await insertRows(
        tx,
        T.contentTypeGroupLink,
        seed.contentTypes.flatMap((type) =>
          type.groupIds.map((groupId) => ({ contentTypeId: type.id, contentTypeStatus: contentTypeStatusCode(type.status), groupId })),
        ),
      );
      await insertRows(
        tx,
        T.fieldDefinition,
        seed.contentTypes.flatMap((type) => type.fieldDefinitions.map((definition) => fieldDefinitionRow(definition, type))),
      );
      await insertContents(tx, seed);
      await insertRows(tx, T.location, seed.locations.map(locationRow));
      await insertRows(tx, T.userAccount, seed.userAccounts.map(userAccountRow));
      await insertRows(
        tx,
        T.role,
        seed.roles.map((role) => ({ id: role.id, identifier: role.identifier, status: roleStatusCode(role.status) })),
      );
      await insertRows(tx, T.policy, seed.roles.flatMap((role) => role.policies.map(policyRow)));
      await insertRows(tx, T.roleAssignment, seed.roleAssignments.map(roleAssignmentRow));
      await insertRows(tx, T.objectStateGroup, seed.objectStateGroups.map(objectStateGroupRow));
      await insertRows(tx, T.objectState, seed.objectStates.map(objectStateRow));
      const groupOfState = new Map(seed.objectStates.map((state) => [state.id, state.groupId]));
      await insertRows(
        tx,
        T.contentObjectState,
        seed.contentObjectStates.map(({ contentId, stateId }) => {
          const groupId = groupOfState.get(stateId);
          if (groupId === undefined) throw new Error(`Seed: content ${contentId} refers to unknown state ${stateId}`);
          return { contentId, groupId, stateId };
        }),
      );
      await insertRows(tx, T.urlAlias, (seed.urlAliases ?? []).map(urlAliasRow));
      await advanceSequence(tx, 'url_alias', (seed.urlAliases ?? []).reduce((highest, alias) => Math.max(highest, alias.id), 0));
      await advanceGenerators(tx, seed);
    });
  }
}

async function insertContents(tx: SqlContext, seed: RepositorySeed): Promise<void> {
  const contents: TableRow<typeof T.content>[] = [];
  const versions: TableRow<typeof T.contentVersion>[] = [];
  const names: TableRow<typeof T.contentName>[] = [];
  const fields: TableRow<typeof T.contentField>[] = [];
  const relations: TableRow<typeof T.contentRelation>[] = [];
  for (const { contentInfo, versions: seeded } of seed.contents) {
    contents.push(contentRow(contentInfo));
    for (const version of seeded) {
      const { contentId, versionNo } = version.versionInfo;
      versions.push(versionRow(version.versionInfo));
      names.push(...nameRows(contentId, versionNo, version.versionInfo.names));
      fields.push(...version.fields.map((field) => fieldRow(contentId, versionNo, field)));
      relations.push(...version.relations.map(relationRow));
    }
  }
  await insertRows(tx, T.content, contents);
  await insertRows(tx, T.contentVersion, versions);
  await insertRows(tx, T.contentName, names);
  await insertRows(tx, T.contentField, fields);
  await insertRows(tx, T.contentRelation, relations);
}

async function advanceGenerators(tx: SqlContext, seed: RepositorySeed): Promise<void> {
  const max = (ids: readonly number[]): number => ids.reduce((highest, id) => Math.max(highest, id), 0);
  const fieldIds = seed.contents.flatMap((content) =>
    content.versions.flatMap((version) => version.fields.map((field) => field.id)),
  );
  await advanceSequence(tx, 'content_field', max(fieldIds));
  await advanceSequence(tx, 'content_type', max(seed.contentTypes.map((type) => type.id)));
  await advanceSequence(
    tx,
    'field_definition',
    max(seed.contentTypes.flatMap((type) => type.fieldDefinitions.map((definition) => definition.id))),
  );
  await resetSerialSequences(tx);
}
