import type { WebhookCreateStruct, WebhookUpdateStruct } from '@contentrepo/core';
import { BadRequestError } from '../../http/rest-errors.js';
import type { DecodedInput, DecodedObject } from '../reader.js';
import { isDecodedArray, isDecodedObject, reader, type InputReader } from '../reader.js';

/** Longest webhook URL, in characters. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** Shortest and longest webhook secret, in characters. */
export const WEBHOOK_SECRET_LENGTH = { min: 16, max: 256 } as const;
/** Most event patterns per webhook. */
export const MAX_WEBHOOK_EVENTS = 64;
/** An event name (`content.published`), a subject pattern (`content.*`) or `*`. */
const EVENT_PATTERN = /^(?:\*|[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)*(?:\.\*)?)$/;

/**
 * What is wrong with a webhook's members, or null when nothing is (each member is checked only when given):
 * `url` must be an absolute `http:` or `https:` URL of at most {@link MAX_WEBHOOK_URL_LENGTH} characters; `events`
 * 1 to {@link MAX_WEBHOOK_EVENTS} names or patterns (`content.published`, `content.*`, `*`) of at most 64
 * characters; `secret` {@link WEBHOOK_SECRET_LENGTH} characters. Shared by the REST routes and the command line.
 */
export function webhookInputProblem(input: { readonly url?: string; readonly events?: readonly string[]; readonly secret?: string }): string | null {
  const { url, events, secret } = input;
  if (url !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return `The webhook URL '${url}' is not an absolute http: or https: URL`;
    if (url.length > MAX_WEBHOOK_URL_LENGTH) return `The webhook URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`;
  }
  if (events !== undefined) {
    if (events.length === 0 || events.length > MAX_WEBHOOK_EVENTS) return `A webhook needs 1 to ${MAX_WEBHOOK_EVENTS} events`;
    const bad = events.find((event) => event.length > 64 || !EVENT_PATTERN.test(event));
    if (bad !== undefined) return `'${bad}' is not an event name or pattern (content.published, content.*, *)`;
  }
  if (secret !== undefined && (secret.length < WEBHOOK_SECRET_LENGTH.min || secret.length > WEBHOOK_SECRET_LENGTH.max)) {
    return `The webhook secret must have ${WEBHOOK_SECRET_LENGTH.min} to ${WEBHOOK_SECRET_LENGTH.max} characters`;
  }
  return null;
}

/**
 * `WebhookCreate` (an extension of this server): `url`, `events`, `secret` required, `enabled` optional (default
 * true). `events` is a JSON array of strings, a comma-separated string, or (XML) repeated `<event>` elements.
 * @throws BadRequestError for a missing or malformed member (see {@link webhookInputProblem})
 */
export function parseWebhookCreate(data: DecodedObject): WebhookCreateStruct {
  const input = reader(data, 'WebhookCreate');
  const events = eventsOf(input);
  if (events === undefined) throw input.missing('events');
  const struct: WebhookCreateStruct = {
    url: input.requiredString('url').trim(),
    events,
    secret: input.requiredString('secret'),
    enabled: input.optionalBool('enabled') ?? true,
  };
  assertValid(struct);
  return struct;
}

/** `WebhookUpdate` (extension): any of `url`, `events`, `secret`, `enabled`. @throws BadRequestError */
export function parseWebhookUpdate(data: DecodedObject): WebhookUpdateStruct {
  const input = reader(data, 'WebhookUpdate');
  const url = input.optionalString('url')?.trim();
  const events = eventsOf(input);
  const secret = input.optionalString('secret');
  const enabled = input.optionalBool('enabled');
  const struct: WebhookUpdateStruct = {
    ...(url === undefined ? {} : { url }),
    ...(events === undefined ? {} : { events }),
    ...(secret === undefined ? {} : { secret }),
    ...(enabled === undefined ? {} : { enabled }),
  };
  assertValid(struct);
  return struct;
}

function assertValid(struct: WebhookUpdateStruct): void {
  const problem = webhookInputProblem(struct);
  if (problem !== null) throw new BadRequestError(problem);
}

/** `events` (array or comma-separated), or XML's `event` (one or repeated); undefined when neither is given. */
function eventsOf(input: InputReader): string[] | undefined {
  const value: DecodedInput | undefined = input.has('events') ? input.raw('events') : input.raw('event');
  if (value === undefined || value === null) return undefined;
  const items = typeof value === 'string' ? value.split(',') : isDecodedArray(value) ? value : isDecodedObject(value) ? [value] : [value];
  return items.map((item) => {
    if (typeof item !== 'string') throw input.invalid('events');
    return item.trim();
  });
}
