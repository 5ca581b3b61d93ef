import { buildCleanInstallSeed, createDefaultFieldTypeRegistry, type RepositorySeed } from '@contentrepo/core';
import type { SqlContext } from '../db/sql-context.js';
import { TABLES } from '../schema/index.js';
import { ARCHIVED_TABLES } from './archive-format.js';

const T = TABLES;

/** What a clean install writes, by id (content also by remote id): built once, on first use. */
/** Content: `<remote id> <current version no>` by id. */
let cleanInstall: { contents: Map<number, string>; sections: Set<number>; types: Set<number>; roles: Set<number>; stateGroups: Set<number> } | null = null;

function cleanInstallIds(): NonNullable<typeof cleanInstall> {
  if (cleanInstall === null) {
    const seed: RepositorySeed = buildCleanInstallSeed({ fieldTypes: createDefaultFieldTypeRegistry(), adminPasswordHash: '!' });
    cleanInstall = {
      contents: new Map(seed.contents.map(({ contentInfo }) => [contentInfo.id, `${contentInfo.remoteId.toLowerCase()} ${contentInfo.currentVersionNo}`])),
      sections: new Set(seed.sections.map((section) => section.id)),
      types: new Set(seed.contentTypes.map((type) => type.id)),
      roles: new Set(seed.roles.map((role) => role.id)),
      stateGroups: new Set(seed.objectStateGroups.map((group) => group.id)),
    };
  }
  return cleanInstall;
}

/**
 * What in the target repository is more than an untouched clean install, described for an error message, or
 * null when nothing is: content items other than the clean-install ones (by id and remote id) or edited since
 * (another current version), sections, content types, roles or object state groups it did not create, and any trash,
 * bookmark, URL wildcard or custom URL alias. Languages are not counted (a clean install adds the configured
 * ones). An empty repository holds nothing.
 */
export async function userContentIn(tx: SqlContext): Promise<string | null> {
  const ids = cleanInstallIds();
  const found: string[] = [];
  const contents = await tx.rawRows(`SELECT ${T.content.id}, ${T.content.remoteId}, ${T.content.currentVersionNo} FROM ${T.content}`);
  const foreign = contents.filter(
    (row) => ids.contents.get(row.int(T.content.id)) !== `${row.str(T.content.remoteId).toLowerCase()} ${row.int(T.content.currentVersionNo)}`,
  );
  if (foreign.length > 0) found.push(`${foreign.length} content item(s) created or edited after installation`);
  const extra = async (what: string, sql: string, known: ReadonlySet<number>): Promise<void> => {
    const rows = (await tx.rawRows(sql)).filter((row) => !known.has(row.int('id')));
    if (rows.length > 0) found.push(`${rows.length} ${what}`);
  };
  await extra('section(s)', `SELECT ${T.section.id} AS id FROM ${T.section}`, ids.sections);
  await extra('content type(s)', `SELECT DISTINCT ${T.contentType.id} AS id FROM ${T.contentType}`, ids.types);
  await extra('role(s)', `SELECT ${T.role.id} AS id FROM ${T.role}`, ids.roles);
  await extra('object state group(s)', `SELECT ${T.objectStateGroup.id} AS id FROM ${T.objectStateGroup}`, ids.stateGroups);
  for (const [what, table, where] of [
    ['trash item(s)', T.trash.$name, ''],
    ['bookmark(s)', T.bookmark.$name, ''],
    ['URL wildcard(s)', T.urlWildcard.$name, ''],
    ['custom URL alias(es)', T.urlAlias.$name, ` WHERE ${T.urlAlias.isCustom} = ?`],
  ] as const) {
    const [row] = await tx.rawRows(`SELECT count(*) AS n FROM ${table}${where}`, where === '' ? [] : [true]);
    const count = row?.int('n') ?? 0;
    if (count > 0) found.push(`${count} ${what}`);
  }
  return found.length === 0 ? null : found.join(', ');
}

/**
 * Deletes every row of the archived tables (dependents first), every login session, and the webhook delivery
 * log (it names the replaced webhooks; the archive brings its own registrations).
 */
export async function clearTarget(tx: SqlContext): Promise<void> {
  for (const table of [...ARCHIVED_TABLES].reverse()) await tx.run(`DELETE FROM ${table.name}`);
  await tx.run(`DELETE FROM ${T.session}`);
  await tx.run(`DELETE FROM ${T.webhookDelivery}`);
}
