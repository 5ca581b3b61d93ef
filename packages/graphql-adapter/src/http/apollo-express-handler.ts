import { HeaderMap, type ApolloServer, type BaseContext, type ContextFunction } from '@apollo/server';
import type { ApolloServerPlugin } from '@apollo/server';
import type { Request, RequestHandler, Response } from 'express';

/**
 * The request handler that runs Apollo Server for an Express request, in the manner of `@as-integrations/express5`
 * (the request's headers, query string and parsed body handed to `executeHTTPGraphQLRequest`; Apollo's status and
 * headers on the response; incremental results written chunk by chunk), with a cheaper ending for the common case:
 * a complete answer to a POST is sent as one Buffer with its `Content-Length`, without the weak `ETag` Express's
 * `res.send` computes (a POST answer is never served from a cache, so the tag served nothing). GET and HEAD answers
 * still go through `res.send`, keeping their `ETag` and the `304` for a matching `If-None-Match`.
 * `req.body` must be set (an empty object for bodiless requests).
 */
export function apolloExpressHandler<C extends BaseContext>(
  server: ApolloServer<C>,
  context: ContextFunction<[{ req: Request; res: Response }], C>,
): RequestHandler {
  server.assertStarted('apolloExpressHandler()');
  return (req: Request, res: Response, next) => {
    const headers = new HeaderMap();
    for (const name in req.headers) {
      const value = req.headers[name];
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const body: unknown = req.body;
    const run = async (): Promise<void> => {
      const answer = await server.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: req.method.toUpperCase(), headers, search: searchOf(req.url), body },
        context: () => context({ req, res }),
      });
      for (const [name, value] of answer.headers) res.setHeader(name, value);
      res.statusCode = answer.status ?? 200;
      if (answer.body.kind === 'complete') {
        if (req.method !== 'POST') {
          res.send(answer.body.string);
          return;
        }
        const bytes = Buffer.from(answer.body.string, 'utf8');
        res.setHeader('Content-Length', bytes.length);
        res.end(bytes);
        return;
      }
      for await (const chunk of answer.body.asyncIterator) res.write(chunk);
      res.end();
    };
    run().catch(next);
  };
}

/** The query string of a request target (`?a=b`, or `''`), as `url.parse(target).search` gives it (no fragment). */
function searchOf(target: string): string {
  const start = target.indexOf('?');
  if (start < 0) return '';
  const end = target.indexOf('#', start);
  return end < 0 ? target.slice(start) : target.slice(start, end);
}

/**
 * `Cache-Control: no-store` on every GraphQL answer that has no `Cache-Control` yet: what Apollo's cache control
 * plugin sends when no type or field carries a `@cacheControl` hint (the generated schema carries none), without
 * that plugin's hook on every resolved field. Use with `ApolloServerPluginCacheControlDisabled()`.
 */
export function noStorePlugin<C extends BaseContext>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (!response.http.headers.has('cache-control')) response.http.headers.set('cache-control', 'no-store');
        },
      };
    },
  };
}
