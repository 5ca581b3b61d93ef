import { op, type OperationCatalogue } from './operation-notes.js';
import { COMPONENT_PREFIX, type JsonSchema } from './wire-shapes.js';

/**
 * The event stream's answers that are not vendor media types: the `text/event-stream` body, and errors that are
 * always JSON (the stream has no XML form).
 */
const errorAnswer = (description: string): JsonSchema => ({
  description,
  content: {
    'application/vnd.ibexa.api.ErrorMessage+json': {
      schema: { type: 'object', properties: { ErrorMessage: { $ref: `${COMPONENT_PREFIX}ErrorMessage` } }, required: ['ErrorMessage'], additionalProperties: false },
    },
  },
});

const STREAM_HEADERS: JsonSchema = {
  'Cache-Control': { description: '`no-store`', schema: { type: 'string' } },
  'X-Accel-Buffering': { description: '`no`: reverse proxies pass the stream on as it is written.', schema: { type: 'string' } },
};

/** The JSON of each message's `data:` line. */
const EVENT_DATA: JsonSchema = {
  type: 'object',
  properties: {
    seq: { type: 'integer', minimum: 1, description: 'Position of the event in the log (also the message `id:`).' },
    type: { type: 'string', description: 'Event type, e.g. `content.published` (also the message `event:`).' },
    payload: { type: 'object', description: 'What the event is about (ids: `contentId`, `locationId`, `versionNo`…).' },
    userId: { type: ['integer', 'null'], description: 'The user who caused the event (null: the system).' },
    occurredAt: { type: 'string', format: 'date-time' },
  },
  required: ['seq', 'type', 'payload', 'userId', 'occurredAt'],
};

const STREAM_ANSWERS: Readonly<Record<string, JsonSchema>> = {
  '200': {
    description: [
      'The stream (`text/event-stream; charset=utf-8`), open until the client or the server ends it. It starts with `retry: 2000` and the comment `: connected`; each event is then one message:',
      '',
      '```',
      'id: 42',
      'event: content.published',
      'data: {"seq":42,"type":"content.published","payload":{"contentId":57,"versionNo":2,"languageCodes":["eng-GB"]},"userId":14,"occurredAt":"2026-11-26T15:40:00.000Z"}',
      '```',
      '',
      '`data:` is the JSON of `{seq, type, payload, userId, occurredAt}` (schema in `x-event-data`), in `seq` order. A comment line `: heartbeat` is sent every `EVENTS_HEARTBEAT_SECONDS` (15 by default) to keep idle connections open.',
    ].join('\n'),
    headers: STREAM_HEADERS,
    content: { 'text/event-stream': { schema: { type: 'string', 'x-event-data': EVENT_DATA } } },
  },
  '400': errorAnswer('Bad Request: `Last-Event-ID` or `after` is not the `seq` of an event (an integer >= 0).'),
  '401': errorAnswer('Unauthorized: the anonymous user (send a session cookie, Basic credentials or a Bearer JWT), or a user without `content/read`.'),
};

const STREAM = `An extension of this server, mounted beside the REST router: the domain events as Server-Sent Events (a browser's \`EventSource\` reads it), for signed-in users. With an unlimited \`content/read\` policy a user gets every event; with a limited one, only the events of content items and locations the user may read when the event is sent.

Without a position the stream sends the events published from the moment it opened. To resume, send \`Last-Event-ID\` (what \`EventSource\` sends when it reconnects) or \`?after=<seq>\` (the header wins): the stream sends exactly the events after that \`seq\` that are still kept. A client that reads too slowly is disconnected; it reconnects with its last event id.

A viewer's "Try it out" waits for the end of the answer, which does not come: try \`HEAD\` here, and read the stream with \`curl -N\` or \`EventSource\`.`;

/** Notes of the event stream, served beside the router (see `EVENT_STREAM_ROUTE`; operation-notes.ts). */
export const EVENT_OPERATIONS: OperationCatalogue = {
  'GET /events': op('Stream the domain events (Server-Sent Events)', '200', { query: ['after'], headers: ['Last-Event-ID'], description: STREAM, answers: STREAM_ANSWERS }),
  'HEAD /events': op('The event stream’s headers only (checks the credentials and the resume position)', '200', {
    query: ['after'],
    headers: ['Last-Event-ID'],
    description: 'Answers as `GET /events` would, without a body: 200 with the stream’s headers, 400 or 401.',
    answers: { ...STREAM_ANSWERS, '200': { description: 'The stream’s headers, no body.', headers: STREAM_HEADERS, content: { 'text/event-stream': { schema: { type: 'string', maxLength: 0 } } } } },
  }),
};
