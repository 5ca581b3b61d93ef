import type { JsonSchema } from './wire-shapes.js';

/**
 * What the REST reference says about one operation of the route table, beyond what the table itself gives (path,
 * parameters, methods): a summary, the answers, the input media types and the query parameters. The catalogues
 * (operations-*.ts) are keyed like the route table — `<METHOD> <route path>`, and
 * `POST <route path> <InputType>` for a POST alternative selected by its input media type — and a test requires
 * the keys to be exactly the table's operations.
 */
export interface OperationNote {
  readonly summary: string;
  /**
   * The answers: `;`-separated `<status> [MediaType|MediaType…]`, e.g. `200 Content|ContentInfo; 307`. A media type
   * is an output shape of resource-shapes.ts; a status without one has no body. Errors (`4XX`, `5XX`: ErrorMessage)
   * are added to every operation; name a 4xx status here only to say it is expected (`409`).
   */
  readonly responses: string;
  /** Further explanation (CommonMark). */
  readonly description?: string;
  /** Input media type names accepted as the body (`ContentCreate`): `application/vnd.ibexa.api.<Name>+json|+xml`. */
  readonly input?: readonly string[];
  /** Query parameters, by name of {@link QUERY_PARAMETERS}. */
  readonly query?: readonly QueryParameterName[];
  /** Request headers the operation reads besides the common ones. */
  readonly headers?: readonly ('Destination' | 'If-Match' | 'If-None-Match' | 'Last-Event-ID')[];
  /**
   * Answers given as OpenAPI response objects, by status, replacing those of `responses`: for bodies that are not
   * vendor media types (the event stream's `text/event-stream`, its JSON-only errors).
   */
  readonly answers?: Readonly<Record<string, JsonSchema>>;
}

/** The query parameters operations read, with what they mean. */
export const QUERY_PARAMETERS = {
  languages: { description: 'Comma-separated language codes of the translations to load (`eng-GB,fre-FR`).', schema: { type: 'string' } },
  offset: { description: 'Items to skip (default 0).', schema: { type: 'integer', minimum: 0 } },
  limit: { description: 'Largest number of items (a negative value: all; default per resource).', schema: { type: 'integer' } },
  remoteId: { description: 'Remote id to find the resource by (answers with a redirect or a one-element list).', schema: { type: 'string' } },
  identifier: { description: 'Identifier to find the resource by.', schema: { type: 'string' } },
  id: { description: 'Id to find the resource by (answers with a redirect).', schema: { type: 'integer' } },
  urlAlias: { description: 'URL alias path to find the location by (answers with a redirect).', schema: { type: 'string' } },
  orderby: { description: 'Sort the list by `name` or `lastmodified`.', schema: { type: 'string', enum: ['name', 'lastmodified'] } },
  sort: { description: 'Sort direction.', schema: { type: 'string', enum: ['asc', 'desc'] } },
  publish: { description: 'Publish at once (`true`) rather than leave a draft.', schema: { type: 'boolean' } },
  group: { description: 'Href of the group to link or assign to.', schema: { type: 'string' } },
  custom: { description: 'List custom aliases (`true`, default) or system ones (`false`).', schema: { type: 'boolean' } },
  roleId: { description: 'Users (or groups) with this role assigned.', schema: { type: 'integer' } },
  login: { description: 'The user with this login.', schema: { type: 'string' } },
  email: { description: 'Users with this e-mail address.', schema: { type: 'string' } },
  userId: { description: 'The user whose policies to list.', schema: { type: 'integer' } },
  status: { description: 'Only the deliveries in this state.', schema: { type: 'string', enum: ['pending', 'delivered', 'failed'] } },
  after: { description: 'Resume after the event with this `seq` (when no `Last-Event-ID` is sent).', schema: { type: 'integer', minimum: 0 } },
} as const;

/** A query parameter name of {@link QUERY_PARAMETERS}. */
export type QueryParameterName = keyof typeof QUERY_PARAMETERS;

/** Operation notes keyed by `<METHOD> <route path>[ <InputType>]`. */
export type OperationCatalogue = Readonly<Record<string, OperationNote>>;

/** Builds a note: `op('Load a section', '200 Section', { input: [...] })`. */
export function op(summary: string, responses: string, more: Omit<OperationNote, 'summary' | 'responses'> = {}): OperationNote {
  return { summary, responses, ...more };
}
