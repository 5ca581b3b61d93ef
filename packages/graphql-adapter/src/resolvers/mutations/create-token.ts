import { HeaderMap } from '@apollo/server';
import { isRepositoryError } from '@contentrepo/core';
import { LoginThrottledError, LoginThrottleUnavailableError } from '@contentrepo/http-auth';
import { stringArg, type ArgMap } from '../../schema/args.js';
import type { GraphQLError } from 'graphql';
import type { GraphQLContext } from '../graphql-context.js';
import { userError } from '../graphql-errors.js';

/** `CreatedTokenPayload`. */
export interface CreatedToken {
  readonly token: string | null;
  readonly message: string | null;
}

/**
 * `createToken(username:, password:)`, as in Ibexa: checks the credentials and issues a JWT for `Authorization:
 * Bearer`. Failures are payload messages, not errors, except throttling: the password check is throttled per login
 * name and client address, and a throttled login is an error with HTTP status 429 and `Retry-After`.
 * @throws GraphQLError NOT_IMPLEMENTED when the server has no token service.
 * @throws GraphQLError TOO_MANY_REQUESTS (`extensions.retryAfter` in seconds) after too many failed logins.
 * @throws GraphQLError SERVICE_UNAVAILABLE (HTTP 503) while the failed-login counters cannot be reached.
 */
export async function createToken(context: GraphQLContext, args: ArgMap): Promise<CreatedToken> {
  const tokens = context.services.tokens;
  if (tokens === null) throw userError('Token authentication is not configured on this server', 'NOT_IMPLEMENTED');
  const username = stringArg(args, 'username') ?? '';
  const password = stringArg(args, 'password') ?? '';
  if (username === '' || password === '') return { token: null, message: 'Missing username or password' };
  let user;
  try {
    user = context.services.login
      ? await context.services.login(username, password, context.clientAddress)
      : await context.repository.userService.authenticate(username, password);
  } catch (error) {
    if (error instanceof LoginThrottledError) throw throttledError(error);
    if (error instanceof LoginThrottleUnavailableError) throw throttleUnavailableError(error);
    if (isRepositoryError(error) && (error.code === 'Unauthorized' || error.code === 'NotFound')) {
      return { token: null, message: 'Wrong username or password' };
    }
    throw error;
  }
  const issued = await tokens.issue(user.contentInfo.id, user.login, user.passwordUpdatedAt);
  return { token: issued.token, message: null };
}

/** The GraphQL error of a throttled login: code TOO_MANY_REQUESTS, HTTP 429 with `Retry-After`. */
export function throttledError(error: LoginThrottledError): GraphQLError {
  const retryAfter = String(error.retryAfterSeconds);
  return userError(error.message, 'TOO_MANY_REQUESTS', {
    retryAfter: error.retryAfterSeconds,
    http: { status: 429, headers: new HeaderMap([['retry-after', retryAfter]]) },
  });
}

/** The GraphQL error of a login refused because the failed-login counters cannot be reached: HTTP 503 with `Retry-After`. */
function throttleUnavailableError(error: LoginThrottleUnavailableError): GraphQLError {
  return userError(error.message, 'SERVICE_UNAVAILABLE', {
    retryAfter: error.retryAfterSeconds,
    http: { status: 503, headers: new HeaderMap([['retry-after', String(error.retryAfterSeconds)]]) },
  });
}
