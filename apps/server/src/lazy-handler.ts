import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** A request handler built on first use, and how to stop it (see {@link lazyHandler}). */
export interface LazyHandler {
  /** Mount this: it builds the handler on the first request it sees, then hands every request to it. */
  readonly handle: RequestHandler;
  /**
   * Stops the handler when it was built (or is being built; this waits for it), with the `stop` that `build`
   * answered; nothing when no request ever needed it.
   */
  stop(): Promise<void>;
}

/** What `build` of {@link lazyHandler} answers: the handler, and what to do on shutdown. */
export interface BuiltHandler {
  readonly handle: RequestHandler;
  readonly stop?: () => Promise<void>;
}

/**
 * Defers building a handler — and loading the modules it needs, through `import()` in `build` — until the first
 * request that reaches it, so that a start (and every request that does not need it) never pays for them: the
 * GraphQL API (graphql-js, Apollo and the schema generated from the content types) is built so. Requests arriving
 * while it is built wait for the same build. A failed build fails the requests that waited for it (through
 * `next(error)`: the app's error handler answers 500 and logs it) and is retried by the next request.
 *
 * To make a route of your own lazy in `createApp`: `const pages = lazyHandler(async () => ({ handle: (await
 * import('./my-pages.js')).createMyPages(deps) }))`, then `app.use(path, pages.handle)` and `await pages.stop()`
 * in `close`.
 */
export function lazyHandler(build: () => Promise<BuiltHandler>): LazyHandler {
  let built: Promise<BuiltHandler> | null = null;
  const load = (): Promise<BuiltHandler> => {
    if (built) return built;
    const attempt = build();
    built = attempt;
    attempt.catch(() => {
      if (built === attempt) built = null;
    });
    return attempt;
  };
  return {
    handle: (req: Request, res: Response, next: NextFunction) => {
      // A rejected build, or an error the handler throws or rejects with (as Express 5 handles either), goes to next.
      load()
        .then((handler) => handler.handle(req, res, next))
        .catch((error: unknown) => next(error));
    },
    stop: async () => {
      const handler = await built?.catch(() => null);
      await handler?.stop?.();
    },
  };
}
