import type { Criterion } from '@contentrepo/core';
import { BadRequestError } from '../../../http/rest-errors.js';
import { getOwn } from '../../decoded-input.js';
import { booleanValue, csvIntegers, csvStrings, type CriterionParser, objectValue } from './criterion-parser-support.js';

/** Parsers of the user criteria Ibexa REST accepts in ViewInput. */

const USER_TARGETS = ['owner', 'group', 'modifier'] as const;
type UserTarget = (typeof USER_TARGETS)[number];
const isUserTarget = (value: unknown): value is UserTarget => USER_TARGETS.some((target) => target === value);

/**
 * `{Target: owner|group|modifier (exact case), Value: id, "id,id" or [ids]}`. Ibexa answers 500 for another
 * target; this server 400.
 */
const userMetadata: CriterionParser = (data, name) => {
  const object = objectValue(data, name);
  const target = getOwn(object, 'Target');
  const value = getOwn(object, 'Value');
  if (target === undefined || target === null) throw new BadRequestError('Invalid <Target> format');
  if (value === undefined || value === null) throw new BadRequestError('Invalid <Value> format');
  if (!isUserTarget(target)) throw new BadRequestError(`Invalid <Target> format: expected one of ${USER_TARGETS.join(', ')}`);
  return { type: 'UserMetadata', target, values: csvIntegers(value, name) };
};

/** User criterion parsers. UserLogin and UserEmail values may hold `*` wildcards. */
export const USER_CRITERIA: Readonly<Record<string, CriterionParser>> = {
  UserMetadataCriterion: userMetadata,
  UserIdCriterion: (data, name): Criterion => ({ type: 'UserId', values: csvIntegers(data, name) }),
  UserLoginCriterion: (data, name): Criterion => ({ type: 'UserLogin', values: csvStrings(data, name) }),
  UserEmailCriterion: (data, name): Criterion => ({ type: 'UserEmail', values: csvStrings(data, name) }),
  IsUserBasedCriterion: (data, name): Criterion => ({ type: 'IsUserBased', value: booleanValue(data, name) }),
  IsUserEnabledCriterion: (data, name): Criterion => ({ type: 'IsUserEnabled', value: booleanValue(data, name) }),
};
