import type { HttpAuth } from '@contentrepo/http-auth';
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
 * multipart body has been parsed.
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
