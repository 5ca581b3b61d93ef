import type { ApolloServerPlugin } from '@apollo/server';
import type { Session } from '@contentrepo/core';
import type { HttpAuth } from '@contentrepo/http-auth';
import { GraphQLError } from 'graphql';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Content types a browser may POST cross-site without a CORS preflight. */
const SIMPLE_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
/** Headers that force a preflight (Apollo's recommended CSRF prevention headers). */
export const PREFLIGHT_HEADERS = ['x-apollo-operation-name', 'apollo-require-preflight'];

/** Apollo Server's CSRF prevention message, kept so clients see the familiar text. */
export const CSRF_MESSAGE =
  'This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Please either specify a ' +
  "'content-type' header (with a type that is not one of application/x-www-form-urlencoded, multipart/form-data, " +
  'text/plain) or provide a non-empty value for one of the following headers: x-apollo-operation-name, apollo-require-preflight\n';

/**
 * CSRF prevention (a multipart request is a CORS "simple request", which the GraphQL multipart request spec asks
 * servers to guard against): a POST a cross-site form could send — no content type or a "simple" one, no preflight
 * header — is refused with 400 unless it carries credentials such a form cannot attach silently: the session cookie
 * (set `SameSite=Lax`, so browsers do not send it on cross-site POSTs) or an `Authorization` header. So the documented
 * curl uploads with a session cookie work, and a credential-less cross-site multipart post is refused before its body
 * is read. Replaces Apollo's own check, which would refuse the documented curl requests and only runs after the
 * multipart body has been parsed. (Mutations of a session also need its CSRF token: {@link sessionCsrfPlugin}.)
 */
export function csrfGuard(auth: HttpAuth): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST') return next();
    const contentType = (req.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const simple = contentType === '' || SIMPLE_CONTENT_TYPES.includes(contentType);
    const preflighted = PREFLIGHT_HEADERS.some((header) => (req.get(header) ?? '') !== '');
    const { sessionId, authorization } = auth.credentialsOf(req);
    const credentialed = (authorization ?? '') !== '' || sessionId !== null;
    if (!simple || preflighted || credentialed) return next();
    res.status(400).json({ errors: [{ message: CSRF_MESSAGE, extensions: { code: 'BAD_REQUEST' } }] });
  };
}

/** The message of a cookie-authenticated mutation without its session's CSRF token (REST's, for the same case). */
export const SESSION_CSRF_MESSAGE = 'Missing or invalid CSRF token';

/**
 * The session's CSRF token on unsafe operations, as REST requires it on unsafe methods: a mutation of a request
 * authenticated by its session cookie must send the session's token in `X-CSRF-Token` (the `csrfToken` of
 * `POST /user/sessions`), else it is refused before anything runs with 401 and code `UNAUTHORIZED` — REST answers
 * a missing token with 401 too. Queries are safe and need none (even by POST); requests authenticated by Bearer
 * or Basic credentials need none (a cross-site page cannot attach them). `sessionOf` gives the session a request
 * context was authenticated with (null: none).
 */
export function sessionCsrfPlugin<C extends object>(auth: HttpAuth, sessionOf: (context: C) => Session | null): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue, request }) {
          if (operation?.operation !== 'mutation') return;
          const session = sessionOf(contextValue);
          if (session === null) return;
          try {
            auth.assertCsrf(session, request.http?.headers.get('x-csrf-token'));
          } catch {
            throw new GraphQLError(SESSION_CSRF_MESSAGE, { extensions: { code: 'UNAUTHORIZED', http: { status: 401 } } });
          }
        },
      };
    },
  };
}
