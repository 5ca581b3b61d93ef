import type { Content, FieldInput, RepositoryErrorCode } from '@contentrepo/core';
import { stringArg, type ArgMap } from '../../schema/args.js';
import type { GraphQLContext } from '../graphql-context.js';
import { rethrowAsUserError, userError } from '../graphql-errors.js';

/** Runs a core call, turning its errors into user errors with the given messages per code (Ibexa's messages). */
export async function attempt<T>(work: () => Promise<T>, messages: Partial<Record<RepositoryErrorCode, string>> = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return rethrowAsUserError(error, messages);
  }
}

/**
 * The language of a mutation: `languageCode` (a code string, as in the client examples) or `language` (the
 * `RepositoryLanguage` value, or a code string). `eng_GB` is read as `eng-GB`.
 * @throws GraphQLError BAD_USER_INPUT when neither is given.
 */
export function mutationLanguage(args: ArgMap): string {
  const given = stringArg(args, 'languageCode') ?? stringArg(args, 'language');
  if (given === undefined || given.trim() === '') {
    throw userError('Either language or languageCode is required as an argument', 'BAD_USER_INPUT');
  }
  const code = given.trim();
  return /^[a-z]{2,3}_[A-Z]{2}$/.test(code) ? code.replace('_', '-') : code;
}

/**
 * Creates a content item under one new location and publishes it (as Ibexa's `create<Ident>` does). When publishing
 * fails, the draft just created is removed again (without permission checks: it is this request's own leftover).
 */
export async function createAndPublish(
  context: GraphQLContext,
  contentTypeId: number,
  languageCode: string,
  fields: readonly FieldInput[],
  parentLocationId: number,
): Promise<Content> {
  const { contentService } = context.repository;
  const draft = await contentService.createContent({ contentTypeId, mainLanguageCode: languageCode, fields }, [{ parentLocationId }]);
  try {
    const published = await contentService.publishVersion(draft.contentInfo.id, draft.versionInfo.versionNo);
    context.loaders.prime(published);
    return published;
  } catch (error) {
    await context.repository.sudo((sudo) => sudo.contentService.deleteContent(draft.contentInfo.id)).catch(() => undefined);
    throw error;
  }
}
