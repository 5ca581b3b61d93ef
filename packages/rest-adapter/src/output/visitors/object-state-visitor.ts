import type { ObjectState, ObjectStateGroup } from '@contentrepo/core';
import { list, obj, ref, translated, val, type ObjectNode } from '../node.js';
import type { VisitContext } from './visit-context.js';

const groupHref = (context: VisitContext, groupId: number): string => context.hrefs.path(`/content/objectstategroups/${groupId}`);

/** Href of an object state (`/content/objectstategroups/{g}/objectstates/{s}`). */
export const objectStateHref = (context: VisitContext, groupId: number, stateId: number): string =>
  `${groupHref(context, groupId)}/objectstates/${stateId}`;

/** `ObjectStateGroup` element. */
export function objectStateGroupNode(group: ObjectStateGroup, context: VisitContext): ObjectNode {
  const href = groupHref(context, group.id);
  return obj('ObjectStateGroup', 'ObjectStateGroup', { href }, [
    val('id', group.id),
    val('identifier', group.identifier),
    val('defaultLanguageCode', group.defaultLanguageCode),
    val('languageCodes', group.languageCodes.join(',')),
    ref('ObjectStates', 'ObjectStateList', `${href}/objectstates`),
    translated('names', group.names),
    translated('descriptions', group.descriptions),
  ]);
}

/** `ObjectStateGroupList` element. */
export function objectStateGroupListNode(groups: readonly ObjectStateGroup[], context: VisitContext): ObjectNode {
  return obj('ObjectStateGroupList', 'ObjectStateGroupList', { href: context.hrefs.path('/content/objectstategroups') }, [
    list('ObjectStateGroup', groups.map((group) => objectStateGroupNode(group, context))),
  ]);
}

/** `ObjectState` element. */
export function objectStateNode(state: ObjectState, context: VisitContext): ObjectNode {
  return obj('ObjectState', 'ObjectState', { href: objectStateHref(context, state.groupId, state.id) }, [
    val('id', state.id),
    val('identifier', state.identifier),
    val('priority', state.priority),
    ref('ObjectStateGroup', 'ObjectStateGroup', groupHref(context, state.groupId)),
    val('defaultLanguageCode', state.defaultLanguageCode),
    val('languageCodes', state.languageCodes.join(',')),
    translated('names', state.names),
    translated('descriptions', state.descriptions),
  ]);
}

/** `ObjectStateList` of a group. */
export function objectStateListNode(groupId: number, states: readonly ObjectState[], context: VisitContext): ObjectNode {
  return obj('ObjectStateList', 'ObjectStateList', { href: `${groupHref(context, groupId)}/objectstates` }, [
    list('ObjectState', states.map((state) => objectStateNode(state, context))),
  ]);
}

/** `ContentObjectStates`: no href, refs of the states. */
export function contentObjectStatesNode(states: readonly { readonly groupId: number; readonly stateId: number }[], context: VisitContext): ObjectNode {
  return obj('ContentObjectStates', 'ContentObjectStates', {}, [
    list('ObjectState', states.map((state) => ref('ObjectState', 'ObjectState', objectStateHref(context, state.groupId, state.stateId)))),
  ]);
}
