import type { Hash } from '../../api/values/content-type.js';
import { invalidInput, toInteger } from './decode.js';
import { settingChecks, type SettingCheck } from './settings.js';

/** `selectionMethod` names of the relation types, in order of Ibexa's integer constants. */
export const RELATION_SELECTION_METHODS = [
  'SELECTION_BROWSE',
  'SELECTION_DROPDOWN',
  'SELECTION_LIST_WITH_RADIO_BUTTONS',
  'SELECTION_LIST_WITH_CHECKBOXES',
  'SELECTION_MULTIPLE_SELECTION_LIST',
  'SELECTION_TEMPLATE_BASED_MULTIPLE',
  'SELECTION_TEMPLATE_BASED_SINGLE',
] as const;

/** A content id from input: a positive integer or numeric string. @throws FieldValueError otherwise. */
export function contentIdFrom(input: unknown, target: string): number {
  const id = toInteger(input);
  if (id === undefined || id < 1) throw invalidInput('a content id (positive integer)', input, target);
  return id;
}

/** A location reference setting (`selectionRoot`, `selectionDefaultLocation`): null, an integer or a string. */
export const locationReferenceCheck: SettingCheck = (value: Hash, name: string) =>
  value === null || typeof value === 'string' || Number.isSafeInteger(value)
    ? null
    : `Setting '${name}' value must be of either null, string or integer`;

/** `rootDefaultLocation`: null or a boolean. */
export const nullableBoolCheck: SettingCheck = (value: Hash, name: string) =>
  value === null || typeof value === 'boolean' ? null : `Setting '${name}' value must be of either null or bool`;

/** `selectionContentTypes`: a list of content type identifiers. */
export const contentTypeListCheck: SettingCheck = (value, name) =>
  settingChecks.stringList(value, name) === null ? null : `Setting '${name}' value must be of array type`;
