import { alwaysFalse, criterionHandler, type CriterionContext, type CriterionOf, whereSql } from '../criterion-handler.js';
import { type FieldBranch, fieldBranches } from '../field-families.js';
import { fieldLanguage, filterLanguages } from '../field-language.js';
import { TABLES } from '../../schema/index.js';
import { c } from '../search-aliases.js';
import { fragment, type SqlFragment, sqlOf } from '../sql-fragment.js';

/** The index tables a branch of `field-families.ts` reads (named there by their SQL names). */
const ENTRY_TABLES = [TABLES.searchField, TABLES.searchFieldElement] as const;

/** The table of a branch under the branch's alias. @throws Error for a table that is not an index table. */
function entriesOf({ table, alias }: FieldBranch): (typeof ENTRY_TABLES)[number] {
  const described = ENTRY_TABLES.find((candidate) => candidate.$name === table);
  if (described === undefined) throw new Error(`Field branch on unknown table ${table}`);
  return described.$as(alias);
}

/** The matching entries' (item, language) pairs (`fm`), and their items (`fc`, or `fl` in the main language). */
const fm = TABLES.searchField.$as('fm');
const fc = TABLES.content.$as('fc');
const fl = TABLES.content.$as('fl');

/**
 * Field (as in Legacy, docs/adr/0004-search-semantics.md): some index entry of the field
 * `target` (any content type), in the language the query's filter selects for the item, matches the operator per
 * its type's family. The matching entries come from the per-family branches of `field-families.ts`, only for the
 * families of the target's field types when the search service resolved them (`fieldTargetTypes`), else for every
 * family of the field types the engine was built with (`registeredFieldTypes`).
 */
export const fieldCriterion = criterionHandler('Field', (criterion, ctx) => {
  const probe = probesItem(ctx);
  const branches = fieldBranches(ctx.dialect, criterion.target, criterion, ctx.fieldTargetTypes(criterion.target), ctx.registeredFieldTypes, probe);
  if (branches.length === 0) return alwaysFalse;
  return whereSql(inFieldLanguage(ctx, branches));
});

/**
 * Whether Field-like criteria probe each candidate item's entries (`EXISTS`) rather than list the matching entries:
 * under a NOT, or when a LogicalAnd moved the criterion's prefilter into a location criterion (`probeFields`,
 * `item-prefilter.ts`) — then the candidates are already few. Only without languages (the main language).
 */
function probesItem(ctx: CriterionContext): boolean {
  return (ctx.negated || ctx.probeFields) && filterLanguages(ctx.languageFilter).length === 0;
}

/**
 * The content ids of the entries of field `target` that match the comparison, in any language (`SELECT
 * content_id …`, the branches' key indexes): a superset of the items the Field criterion matches, which a
 * LogicalAnd can hand as a prefilter to a location criterion (`item-prefilter.ts`). Null when nothing can match.
 */
export function fieldItemList(criterion: CriterionOf<'Field'>, ctx: CriterionContext): SqlFragment | null {
  const branches = fieldBranches(ctx.dialect, criterion.target, criterion, ctx.fieldTargetTypes(criterion.target), ctx.registeredFieldTypes);
  if (branches.length === 0) return null;
  const parts = branches.map((branch) => {
    const entries = entriesOf(branch);
    return sqlOf`SELECT ${fragment(`${entries.contentId} FROM ${entries}`)} WHERE ${branch.condition}`;
  });
  return { sql: parts.map((part) => part.sql).join(' UNION ALL '), bindings: parts.flatMap((part) => part.bindings) };
}

/** The `(content_id, language_code)` pairs of the matching entries: the branches as one UNION ALL list. */
function matchList(branches: readonly FieldBranch[]): SqlFragment {
  const parts = branches.map((branch) => {
    const entries = entriesOf(branch);
    return sqlOf`SELECT ${fragment(`${entries.contentId}, ${entries.languageCode} FROM ${entries}`)} WHERE ${branch.condition}`;
  });
  return { sql: parts.map((part) => part.sql).join(' UNION ALL '), bindings: parts.flatMap((part) => part.bindings) };
}

/**
 * The items of the matching entries in their item's main language (`SELECT content_id …`): each branch's entries
 * kept when their language is their item's main language (`fl`, a lookup by id per entry), the branches as one
 * UNION ALL list. A lookup per entry rather than a join: SQLite would plan a join of the entries with their items
 * differently, and loses the upper bound of an integer key range then.
 */
function mainLanguageItems(branches: readonly FieldBranch[]): SqlFragment {
  const parts = branches.map((branch) => {
    const entries = entriesOf(branch);
    const mainLanguage = `${entries.languageCode} = (SELECT ${fl.mainLanguageCode} FROM ${fl} WHERE ${fl.id} = ${entries.contentId})`;
    return sqlOf`SELECT ${fragment(`${entries.contentId} FROM ${entries}`)} WHERE ${branch.condition} AND ${fragment(mainLanguage)}`;
  });
  return { sql: parts.map((part) => part.sql).join(' UNION ALL '), bindings: parts.flatMap((part) => part.bindings) };
}

/**
 * `c` is one of the items of the matching entries in the language selected for it (its field language).
 *
 * - Without languages that is the main language. Outside a NOT (and without `probeFields`): `c.id IN (…)` over
 *   the items of the branches' entries in their item's main language (`mainLanguageItems`) — an uncorrelated list
 *   built once, which the planner may also start from (a selective field criterion drives the search). The same
 *   items as the row value `(c.id, c.main_language_code) IN (…)`, which SQLite splits into two lists built apart:
 *   the entries read twice, for CONTAINS the trigram table searched twice. PostgreSQL keeps the row value: it
 *   hashes the pairs once, where it would run the lookup per entry as a subplan. Under a NOT, or with `probeFields` (the
 *   candidates already prefiltered), the item is probed instead — `EXISTS` of an entry of `c` per branch, on the
 *   indexes `(content_id, field_def_identifier, language_code, …)` (migration 0006): one index
 *   lookup per candidate, where a negated list would be materialised and scanned for each candidate.
 * - With languages the selected language needs the item's version (`fieldLanguage`): the entries are joined to
 *   their item.
 */
export function inFieldLanguage(ctx: CriterionContext, branches: readonly FieldBranch[]): SqlFragment {
  if (filterLanguages(ctx.languageFilter).length === 0) {
    if (!probesItem(ctx)) {
      if (ctx.dialect === 'postgresql') return sqlOf`${fragment(`(${c.id}, ${c.mainLanguageCode})`)} IN (${matchList(branches)})`;
      return sqlOf`${fragment(`${c.id}`)} IN (${mainLanguageItems(branches)})`;
    }
    const probes = branches.map((branch) => {
      const entries = entriesOf(branch);
      const ofItem = `${entries} WHERE ${entries.contentId} = ${c.id} AND ${entries.languageCode} = ${c.mainLanguageCode}`;
      return sqlOf`EXISTS (SELECT 1 FROM ${fragment(ofItem)} AND ${branch.condition})`;
    });
    return { sql: probes.map((probe) => probe.sql).join(' OR '), bindings: probes.flatMap((probe) => probe.bindings) };
  }
  const language = fieldLanguage(ctx.dialect, ctx.languageFilter, fc);
  return sqlOf`${fragment(`${c.id} IN (SELECT ${fm.contentId} FROM (`)}${matchList(branches)}${fragment(
    `) fm JOIN ${fc} ON ${fc.id} = ${fm.contentId} WHERE ${fm.languageCode}`,
  )} = ${language})`;
}
