import type { Hash } from '@contentrepo/core';

/** A hash map (a JSON object), as field type hashes and settings are. */
export type HashObject = { readonly [key: string]: Hash };

/** Whether a hash is a map (not a scalar, null or list). */
export const isObject = (hash: Hash): hash is HashObject => typeof hash === 'object' && hash !== null && !Array.isArray(hash);
