import type { WebhookDeliveryStatus, WebhookStore } from '@contentrepo/core';
import type { RestContext, RestHandler, RestRoute } from '../http/rest-context.js';
import { BadRequestError, ForbiddenError, RestNotFoundError, RestUnauthorizedError } from '../http/rest-errors.js';
import { parseWebhookCreate, parseWebhookUpdate } from '../input/parsers/webhook-parser.js';
import { webhookDeliveryListNode, webhookDeliveryNode, webhookHref, webhookListNode, webhookNode } from '../output/visitors/webhook-visitor.js';
import { intParam, intQuery, resource } from './route-support.js';

/** Largest page of the delivery log. */
const MAX_DELIVERY_PAGE = 500;
const STATUSES: readonly WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed'];

const webhookId = (context: RestContext): number => intParam(context, 'webhookId');

/**
 * The webhook store, for an administrator: a user granted `setup/administrate` (Ibexa's policy for the system
 * administration screens; the clean install's Administrator role grants it through its all-module policy).
 * @throws RestNotFoundError when the router has no webhook store; RestUnauthorizedError (401) for the anonymous
 *   user; ForbiddenError (403) for a user without the policy
 */
async function administered(context: RestContext): Promise<WebhookStore> {
  const store = context.webhooks;
  if (store === null) throw RestNotFoundError.route(context.method, context.url);
  if (context.userId === context.repository.anonymousUserId) throw new RestUnauthorizedError('Managing webhooks needs a signed-in administrator');
  if ((await context.repository.permissionResolver.hasAccess('setup', 'administrate')) === false) {
    throw new ForbiddenError("Managing webhooks needs the 'administrate' 'setup' permission");
  }
  return store;
}

const notFound = (context: RestContext): RestNotFoundError => new RestNotFoundError(`Could not find 'Webhook' with identifier '${webhookId(context)}'`);
const deliveryNotFound = (context: RestContext): RestNotFoundError =>
  new RestNotFoundError(`Could not find 'WebhookDelivery' with identifier '${intParam(context, 'deliveryId')}' of 'Webhook' '${webhookId(context)}'`);

/** GET /webhooks → WebhookList. */
const listWebhooks: RestHandler = async (context) => {
  const store = await administered(context);
  return resource(webhookListNode(await store.list(), context.hrefs), { noStore: true });
};

/** POST /webhooks (WebhookCreate) → 201 Webhook with its Location; a bad URL, event or secret is a 400. */
const createWebhook: RestHandler = async (context) => {
  const store = await administered(context);
  const { data } = await context.input(['WebhookCreate']);
  const webhook = await store.create(parseWebhookCreate(data));
  return resource(webhookNode(webhook, context.hrefs), { status: 201, location: webhookHref(context.hrefs, webhook.id), noStore: true });
};

/** GET /webhooks/{id} → Webhook; 404 when unknown. */
const loadWebhook: RestHandler = async (context) => {
  const store = await administered(context);
  const webhook = await store.load(webhookId(context));
  if (!webhook) throw notFound(context);
  return resource(webhookNode(webhook, context.hrefs), { noStore: true, acceptPatch: 'WebhookUpdate' });
};

/** PATCH /webhooks/{id} (WebhookUpdate) → 200 Webhook; 404 when unknown. */
const updateWebhook: RestHandler = async (context) => {
  const store = await administered(context);
  const { data } = await context.input(['WebhookUpdate']);
  const webhook = await store.update(webhookId(context), parseWebhookUpdate(data));
  if (!webhook) throw notFound(context);
  return resource(webhookNode(webhook, context.hrefs), { noStore: true });
};

/** DELETE /webhooks/{id} → 204 (its delivery log goes with it); 404 when unknown. */
const deleteWebhook: RestHandler = async (context) => {
  const store = await administered(context);
  if (!(await store.delete(webhookId(context)))) throw notFound(context);
  return { kind: 'empty', status: 204 };
};

/** GET /webhooks/{id}/deliveries?offset=0&limit=25&status=failed → WebhookDeliveryList, newest first. */
const listDeliveries: RestHandler = async (context) => {
  const store = await administered(context);
  const offset = intQuery(context, 'offset', 0);
  const limit = intQuery(context, 'limit', 25);
  if (offset < 0 || limit < 1 || limit > MAX_DELIVERY_PAGE) throw new BadRequestError(`offset must be at least 0 and limit between 1 and ${MAX_DELIVERY_PAGE}`);
  const statusParam = context.query.get('status');
  const status = statusParam === null || statusParam === '' ? undefined : STATUSES.find((candidate) => candidate === statusParam);
  if (statusParam !== null && statusParam !== '' && status === undefined) throw new BadRequestError(`Invalid value '${statusParam}' for the 'status' parameter (pending, delivered or failed)`);
  const page = await store.deliveries(webhookId(context), { offset, limit, ...(status === undefined ? {} : { status }) });
  if (!page) throw notFound(context);
  return resource(webhookDeliveryListNode(webhookId(context), page, context.hrefs), { noStore: true });
};

/** GET /webhooks/{id}/deliveries/{deliveryId} → WebhookDelivery; 404 when either is unknown. */
const loadDelivery: RestHandler = async (context) => {
  const store = await administered(context);
  const delivery = await store.delivery(webhookId(context), intParam(context, 'deliveryId'));
  if (!delivery) throw deliveryNotFound(context);
  return resource(webhookDeliveryNode(delivery, context.hrefs), { noStore: true });
};

/**
 * POST /webhooks/{id}/deliveries/{deliveryId}/retry → 202 WebhookDelivery: the delivery is pending again, due now,
 * with a fresh set of attempts (whatever its status was); 404 when either is unknown.
 */
const redeliver: RestHandler = async (context) => {
  const store = await administered(context);
  const delivery = await store.redeliver(webhookId(context), intParam(context, 'deliveryId'), Date.now());
  if (!delivery) throw deliveryNotFound(context);
  return resource(webhookDeliveryNode(delivery, context.hrefs), { status: 202, noStore: true });
};

/** Webhook management (an extension of this server; Ibexa has no webhooks), for administrators only. */
export const webhookRoutes: readonly RestRoute[] = [
  { path: '/webhooks', methods: [['GET', listWebhooks], ['POST', createWebhook]] },
  { path: '/webhooks/{webhookId:id}', methods: [['GET', loadWebhook], ['PATCH', updateWebhook], ['DELETE', deleteWebhook]] },
  { path: '/webhooks/{webhookId:id}/deliveries', methods: [['GET', listDeliveries]] },
  { path: '/webhooks/{webhookId:id}/deliveries/{deliveryId:id}', methods: [['GET', loadDelivery]] },
  { path: '/webhooks/{webhookId:id}/deliveries/{deliveryId:id}/retry', methods: [['POST', redeliver]] },
];
