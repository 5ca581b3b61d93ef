import { UnauthorizedError, type PublishedEvent, type Repository } from '@contentrepo/core';
import type { HttpAuth } from '@contentrepo/http-auth';
import type { EventLog } from '@contentrepo/persistence';
import { BadRequestError, errorResponse, mediaType, writeJson } from '@contentrepo/rest-adapter';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

/** Options of {@link createEventStream}. */
export interface EventStreamOptions {
  readonly events: Pick<EventLog, 'subscribe' | 'lastSeq'>;
  readonly auth: HttpAuth;
  readonly repository: Repository;
  /** Interval of the heartbeat comment lines, in ms (default 15,000). */
  readonly heartbeatMs?: number | undefined;
  /**
   * How long a client may leave the stream's send buffer full (the socket refuses more) before it is
   * disconnected, in ms (default 30,000): a slow client never makes the server buffer more than one socket's worth.
   */
  readonly stallMs?: number | undefined;
  readonly debug?: boolean | undefined;
  readonly logger?: Logger | undefined;
}

/** The event stream's route handler and the function that ends every open stream (server stop). */
export interface EventStream {
  readonly handler: RequestHandler;
  /** Ends every open stream (each client may reconnect elsewhere with its last event id). */
  closeAll(): void;
  /** How many streams are open. */
  readonly openStreams: number;
}

/** How long an ended stream may take to flush before its connection is destroyed, in ms. */
const END_GRACE_MS = 1000;

/** The reconnection delay the stream asks EventSource clients to use (`retry:`), in ms. */
const RETRY_MS = 2000;

/**
 * `GET /api/ibexa/v2/events`: the domain events as Server-Sent Events (`text/event-stream`), for signed-in users
 * (session cookie, Basic or Bearer; the anonymous user gets 401). Each event is sent as `id: <seq>`,
 * `event: <type>` and `data: <JSON of {seq, type, payload, userId, occurredAt}>`, in `seq` order after commit;
 * comment lines (`: heartbeat`) every `heartbeatMs` keep the connection open. A client resumes with the
 * `Last-Event-ID` header (what EventSource sends on reconnecting) or `?after=<seq>`: it gets exactly the events
 * after that `seq` (still kept, see the retention); without either, only events published from now on.
 *
 * Which events a user sees: all of them with an unlimited `content/read` policy; with a limited one (sections,
 * subtrees…) only the events of content and locations the user may read when the event is sent (so events of
 * deleted items, content types and users are not sent); none without `content/read` (401, as Ibexa answers a
 * missing permission).
 */
export function createEventStream(options: EventStreamOptions): EventStream {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const stallMs = options.stallMs ?? 30_000;
  const open = new Set<() => void>();

  const handler: RequestHandler = (req, res, next) => {
    serve(req, res).catch(next);
  };

  async function serve(req: Request, res: Response): Promise<void> {
    let after: number | undefined;
    let access: boolean | readonly unknown[];
    let user: Repository;
    try {
      after = resumePosition(req);
      const { userId, via } = await options.auth.authenticateRequest(req);
      if (via === 'anonymous') throw new UnauthorizedError('content', 'read', {}, 'The event stream is for signed-in users: send a session cookie or credentials');
      user = options.repository.forUser({ userId });
      access = await user.permissionResolver.hasAccess('content', 'read');
      if (access === false) throw new UnauthorizedError('content', 'read');
    } catch (error) {
      sendError(res, error, options);
      return;
    }
    const visible = access === true ? () => Promise.resolve(true) : (event: PublishedEvent) => readable(user, event);

    res.status(200);
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Reverse proxies (nginx) pass the stream on as it is written.
      'X-Accel-Buffering': 'no',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // The client may have gone while it was authenticated: nothing to subscribe for.
    if (res.socket === null || res.socket.destroyed) return;
    res.flushHeaders();
    res.write(`retry: ${RETRY_MS}\n: connected\n\n`);

    let ended = false;
    const heartbeat = setInterval(() => {
      if (!ended) res.write(': heartbeat\n\n');
    }, heartbeatMs);
    heartbeat.unref();
    const end = (): void => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      res.end();
      // A client that stopped reading never takes the end: its connection would hold the server's stop.
      if (!res.writableFinished) setTimeout(() => res.destroy(), END_GRACE_MS).unref();
    };
    open.add(end);
    const unsubscribe = options.events.subscribe(
      async (event) => {
        if (ended || !(await visible(event))) return;
        if (!res.write(frame(event)) && !(await drained(res, stallMs))) {
          options.logger?.warn({ component: 'events', seq: event.seq }, 'Event stream: the client reads too slowly; disconnected');
          end();
          res.destroy();
        }
      },
      { after },
    );
    res.on('close', end);
  }

  return {
    handler,
    closeAll: () => {
      for (const end of [...open]) end();
    },
    get openStreams() {
      return open.size;
    },
  };
}

/**
 * The position a client resumes from: `Last-Event-ID`, else `?after=`; undefined for neither.
 * @throws BadRequestError (400) for a value that is not an event's `seq`.
 */
function resumePosition(req: Request): number | undefined {
  const header = req.get('Last-Event-ID');
  const query = typeof req.query['after'] === 'string' ? req.query['after'] : undefined;
  const raw = (header !== undefined && header !== '' ? header : query)?.trim();
  if (raw === undefined) return undefined;
  if (!/^\d{1,15}$/.test(raw)) throw new BadRequestError(`Last-Event-ID and after take the seq of an event (an integer >= 0), got '${raw.slice(0, 40)}'`);
  return Number(raw);
}

/** One event as an SSE frame (JSON has no line breaks: one `data:` line). */
function frame(event: PublishedEvent): string {
  const data = JSON.stringify({ seq: event.seq, type: event.type, payload: event.payload, userId: event.userId, occurredAt: event.occurredAt.toISOString() });
  return `id: ${event.seq}\nevent: ${event.type}\ndata: ${data}\n\n`;
}

/**
 * Whether a user with a limited `content/read` may see `event`: the location a `location.*` event names, else
 * the content item an event names (`contentId`), is readable by the user now. Other events are not shown.
 */
async function readable(user: Repository, event: PublishedEvent): Promise<boolean> {
  const { contentId, locationId } = event.payload;
  try {
    if (event.type.startsWith('location.') && typeof locationId === 'number') await user.locationService.loadLocation(locationId);
    else if (typeof contentId === 'number') await user.contentService.loadContentInfo(contentId);
    else return false;
    return true;
  } catch {
    return false;
  }
}

/** Resolves true once `res` drained, false when it did not within `ms` or closed first. */
function drained(res: Response, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (result: boolean): void => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(result);
    };
    const onDrain = (): void => done(true);
    const onClose = (): void => done(false);
    const timer = setTimeout(() => done(false), ms);
    timer.unref();
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/**
 * Answers an Ibexa `ErrorMessage` (JSON) for a refused stream, its media type exactly as the REST router writes it
 * (Express's `type()`/`send()` would lower-case it and append a charset).
 */
function sendError(res: Response, error: unknown, options: EventStreamOptions): void {
  const { status, root, unexpected } = errorResponse(error, options.debug ?? false);
  if (unexpected) options.logger?.error({ err: error, component: 'events' }, 'Event stream: the request failed');
  const body = Buffer.from(writeJson(root), 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', mediaType('ErrorMessage', 'json'));
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
