import { isRepositoryError } from '@contentrepo/core';
import { stringArg, type ArgMap } from '../../schema/args.js';
import type { GraphQLContext } from '../graphql-context.js';
import { userError } from '../graphql-errors.js';

/** `CreatedTokenPayload`. */
export interface CreatedToken {
  readonly token: string | null;
  readonly message: string | null;
}

/**
 * `createToken(username:, password:)`, as in Ibexa: checks the credentials and issues a JWT for `Authorization:
 * Bearer`. Failures are payload messages, not errors.
 * @throws GraphQLError NOT_IMPLEMENTED when the server has no token service.
 */
export async function createToken(context: GraphQLContext, args: ArgMap): Promise<CreatedToken> {
  const tokens = context.services.tokens;
  if (tokens === null) throw userError('Token authentication is not configured on this server', 'NOT_IMPLEMENTED');
  const username = stringArg(args, 'username') ?? '';
  const password = stringArg(args, 'password') ?? '';
  if (username === '' || password === '') return { token: null, message: 'Missing username or password' };
  let user;
  try {
    user = await context.repository.userService.authenticate(username, password);
  } catch (error) {
    if (isRepositoryError(error) && (error.code === 'Unauthorized' || error.code === 'NotFound')) {
      return { token: null, message: 'Wrong username or password' };
    }
    throw error;
  }
  const issued = await tokens.issue(user.contentInfo.id, user.login, user.passwordUpdatedAt);
  return { token: issued.token, message: null };
}
