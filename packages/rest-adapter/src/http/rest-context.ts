import type { LockTarget, Repository, Session, WebhookStore } from '@contentrepo/core';
import type { HttpAuth } from '@contentrepo/http-auth';
import type { DecodedObject } from '../input/decoded-input.js';
import type { Hrefs } from '../output/hrefs.js';
import type { ObjectNode } from '../output/node.js';
import type { VisitContext } from '../output/visitors/visit-context.js';
import type { ContentOutputCache } from './content-output-cache.js';
import type { AggregateRevision } from './entity-tags.js';
import type { InputType, OutputNegotiation } from './media-types.js';
import type { RouteDefinition } from './route-table.js';

/** A decoded request body with its media type. */
export interface RestInput {
  readonly type: InputType;
  readonly data: DecodedObject;
}

/** Everything a route handler gets: parsed request, the acting user's repository, href and visit helpers. */
export interface RestContext {
  /** Effective method (after `X-HTTP-Method-Override`). */
  readonly method: string;
  /** Path relative to the prefix, e.g. `/content/objects/1`. */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  header(name: string): string | undefined;
  /** Absolute URL of the request (for Symfony-style messages). */
  readonly url: string;
  readonly output: OutputNegotiation;
  readonly hrefs: Hrefs;
  readonly visit: VisitContext;
  /**
   * Repository acting for the authenticated user (or anonymous). For an unsafe request with `If-Match`, its writes
   * check the client's entity tag (`Repository.withPreconditions`): the first write that locks refuses with 412 when
   * the route's aggregate has moved on. A handler making several writes runs the later ones on
   * `repository.withPreconditions([])`, since the first one already checked (and moved) the revision.
   */
  readonly repository: Repository;
  readonly userId: number;
  /** The session of a cookie-authenticated request, else null. */
  readonly session: Session | null;
  /** Session cookie value sent by the client (even if unknown or expired), else null. */
  readonly sessionCookie: string | null;
  /** The client's address (Express `req.ip`, honouring `trust proxy`), which logins are throttled by; null if unknown. */
  readonly clientAddress: string | null;
  /**
   * The decoded body; its media type name must be one of `accepted` (it selects the input parser).
   * @throws BadRequestError for a missing or unknown Content-Type, a name not accepted, or a malformed body.
   */
  input(accepted: readonly string[]): Promise<RestInput>;
  /** The request's input media type name when a vendor Content-Type is present, else null. */
  readonly inputTypeName: string | null;
  /** The process's request authentication: session cookie name, opening and closing sessions, CSRF checks. */
  readonly auth: HttpAuth;
  /** Rendered `Content` representations kept across requests (null: none kept, the router has no change feed). */
  readonly contentOutput: ContentOutputCache | null;
  /** The webhook registrations, or null when the router was built without them (the routes then answer 404). */
  readonly webhooks: WebhookStore | null;
}

/** A cookie to set (value) or delete (null: sent as Symfony renders a deleted cookie, `<name>=deleted; expires=<past>; Max-Age=0; path=/; httponly`). */
export interface CookieChange {
  readonly name: string;
  readonly value: string | null;
  readonly expires?: Date;
}

/** What a handler returns; the router renders it in the negotiated format. */
export type RestResult =
  | {
      readonly kind: 'resource';
      readonly root: ObjectNode;
      readonly status?: number;
      readonly location?: string;
      /** Media type name for `Accept-Patch` (the update payload of a single updatable resource). */
      readonly acceptPatch?: string;
      readonly cookies?: readonly CookieChange[];
      /** Overrides the root's media type in `Content-Type` (e.g. `RoleDraft`). */
      readonly mediaType?: string;
      /**
       * The aggregate revision the body shows, read before the body was loaded (`revisionOf`): the router sends
       * it as the `ETag` (with the digest of the body) and evaluates `If-None-Match` / `If-Match` of a GET with it.
       */
      readonly entityTag?: AggregateRevision;
      /**
       * Cache tags of what the body shows (Ibexa's prefixes, see http-cache-headers.ts), computed from the objects
       * already loaded for it; the router sends them after `ez-all` in the `xkey` header of a successful GET.
       */
      readonly cacheTags?: readonly string[];
      /** The body carries a secret (a session's CSRF token): `Cache-Control: no-store`, never kept by any cache. */
      readonly noStore?: boolean;
    }
  | {
      readonly kind: 'empty';
      readonly status: number;
      readonly location?: string;
      readonly cookies?: readonly CookieChange[];
    }
  | { readonly kind: 'redirect'; readonly status: 301 | 307; readonly location: string };

/** A route handler. */
export type RestHandler = (context: RestContext) => Promise<RestResult>;

/**
 * The aggregate a route's resource belongs to, from the request (path parameters; a load for the few resources whose
 * aggregate is not in the path, such as a role draft's role). Loads go through the context's repository, so they are
 * permission-checked: a resource the user cannot read fails as it would without the condition.
 */
export type AggregateOf = (context: RestContext) => LockTarget | Promise<LockTarget>;

/** A REST route: handlers per method and, for resources with entity tags, their aggregate. */
export type RestRoute = RouteDefinition<RestHandler, AggregateOf>;
