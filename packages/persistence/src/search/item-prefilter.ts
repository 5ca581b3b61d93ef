import type { Criterion } from '@contentrepo/core';
import type { CriterionContext, WhereBuilder } from './criterion-handler.js';
import { fieldItemList } from './criteria/field-criterion.js';
import { filterLanguages } from './field-language.js';
import { LOCATION_MATCH_CRITERIA } from './location-condition.js';
import type { SqlFragment } from './sql-fragment.js';

/*
 * Prefiltering a location criterion by the Field criteria ANDed with it (content search, measured on 100,000
 * items: a subtree with a field range, a subtree with an OR of field ranges).
 *
 * Translated alone, `Subtree AND Field` builds two lists — the items of the subtree and the `(item, language)`
 * pairs of the matching entries — and looks up every item of the one that drives the loop, to check the other:
 * the unsorted list of entries is the costly part, and each item of the subtree is read even when few match.
 * Instead, the location criterion's subquery keeps only the locations whose item is among the content ids of the
 * matching entries (in any language: a superset, `fieldItemList`), and the Field criteria then probe the few
 * items left for an entry in their field language (`probeFields`, the per-item indexes of migration 0006). What
 * matches does not change: the prefilter only removes items a Field criterion of the same AND rejects.
 */

/**
 * The content ids a criterion can match, when they can be listed from the index alone: a Field's entries in any
 * language, an OR's lists together. Null for anything else (and for a Field that can match nothing).
 */
function itemList(criterion: Criterion, ctx: CriterionContext): SqlFragment | null {
  switch (criterion.type) {
    case 'Field':
      return fieldItemList(criterion, ctx);
    case 'LogicalOr': {
      const lists = criterion.criteria.map((child) => itemList(child, ctx));
      if (lists.length === 0 || lists.some((list) => list === null)) return null;
      const present = lists.filter((list): list is SqlFragment => list !== null);
      return { sql: present.map((list) => list.sql).join(' UNION ALL '), bindings: present.flatMap((list) => list.bindings) };
    }
    default:
      return null;
  }
}

/** The children of a LogicalAnd with the children of nested LogicalAnds in their place (the same conjunction). */
export function conjuncts(criteria: readonly Criterion[]): Criterion[] {
  return criteria.flatMap((child) => (child.type === 'LogicalAnd' ? conjuncts(child.criteria) : [child]));
}

/**
 * The where-builders of the children of a LogicalAnd (`conjuncts`): in a content search, outside a NOT and without
 * languages, when one child is a location criterion (`LOCATION_MATCH_CRITERIA`) and others are Field criteria (or
 * ORs of them), the first location criterion gets their item lists as prefilters and they probe the item;
 * otherwise each child is translated alone.
 */
export function prefilteredConjuncts(children: readonly Criterion[], ctx: CriterionContext): WhereBuilder[] {
  const applicable = ctx.target === 'content' && !ctx.negated && filterLanguages(ctx.languageFilter).length === 0;
  const locationIndex = applicable ? children.findIndex((child) => LOCATION_MATCH_CRITERIA.has(child.type)) : -1;
  const lists = children.map((child, index) => (locationIndex < 0 || index === locationIndex ? null : itemList(child, ctx)));
  const itemPrefilters = lists.filter((list): list is SqlFragment => list !== null);
  if (itemPrefilters.length === 0) return children.map((child) => ctx.apply(child));
  return children.map((child, index) => {
    if (index === locationIndex) return ctx.applyWith(child, { itemPrefilters, probeFields: false });
    return lists[index] ? ctx.applyWith(child, { itemPrefilters: [], probeFields: true }) : ctx.apply(child);
  });
}
