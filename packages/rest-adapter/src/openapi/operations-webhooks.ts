import { op, type OperationCatalogue } from './operation-notes.js';

const HOOK = '/webhooks/{webhookId:id}';
const ADMIN = 'An extension of this server, for administrators (`setup/administrate`): 401 for the anonymous user, 403 for others.';

/** Notes of the webhook operations (see operation-notes.ts). */
export const WEBHOOK_OPERATIONS: OperationCatalogue = {
  'GET /webhooks': op('List webhooks', '200 WebhookList', { description: ADMIN }),
  'POST /webhooks': op('Register a webhook', '201 Webhook', {
    input: ['WebhookCreate'],
    description: `${ADMIN} The URL must be http: or https: (the server will call whatever URL is registered); the secret (16 to 256 characters) is never shown again.`,
  }),
  [`GET ${HOOK}`]: op('Load a webhook (its secret only as a hint)', '200 Webhook', { description: ADMIN }),
  [`PATCH ${HOOK}`]: op('Change a webhook (URL, events, secret, enabled)', '200 Webhook', { input: ['WebhookUpdate'], description: ADMIN }),
  [`DELETE ${HOOK}`]: op('Remove a webhook and its delivery log', '204', { description: ADMIN }),
  [`GET ${HOOK}/deliveries`]: op('The delivery log of a webhook, newest first', '200 WebhookDeliveryList', { query: ['offset', 'limit', 'status'], description: ADMIN }),
  [`GET ${HOOK}/deliveries/{deliveryId:id}`]: op('One delivery of the log', '200 WebhookDelivery', { description: ADMIN }),
  [`POST ${HOOK}/deliveries/{deliveryId:id}/retry`]: op('Deliver again, now, with a fresh set of attempts', '202 WebhookDelivery', { description: ADMIN }),
};
