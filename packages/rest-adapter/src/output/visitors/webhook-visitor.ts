import type { Webhook, WebhookDelivery, WebhookDeliveryPage } from '@contentrepo/core';
import type { Hrefs } from '../hrefs.js';
import { list, obj, ref, val, type ObjectNode } from '../node.js';

/** The href of a webhook (`/webhooks/{id}`). */
export const webhookHref = (hrefs: Hrefs, id: number): string => hrefs.path(`/webhooks/${id}`);

/** The href of a delivery of a webhook's log. */
export const webhookDeliveryHref = (hrefs: Hrefs, webhookId: number, deliveryId: number): string => hrefs.path(`/webhooks/${webhookId}/deliveries/${deliveryId}`);

/** `Webhook` element (extension): never the secret, only its hint. */
export function webhookNode(webhook: Webhook, hrefs: Hrefs): ObjectNode {
  const href = webhookHref(hrefs, webhook.id);
  return obj('Webhook', 'Webhook', { href }, [
    val('id', webhook.id),
    val('url', webhook.url),
    list('events', webhook.events.map((event) => val('event', event))),
    val('enabled', webhook.enabled),
    val('created', webhook.created.toISOString()),
    val('secretHint', webhook.secretHint),
    ref('Deliveries', 'WebhookDeliveryList', `${href}/deliveries`),
  ]);
}

/** `WebhookList` element (extension). */
export function webhookListNode(webhooks: readonly Webhook[], hrefs: Hrefs): ObjectNode {
  return obj('WebhookList', 'WebhookList', { href: hrefs.path('/webhooks') }, [list('Webhook', webhooks.map((webhook) => webhookNode(webhook, hrefs)))]);
}

/** `WebhookDelivery` element (extension): one entry of a webhook's delivery log. */
export function webhookDeliveryNode(delivery: WebhookDelivery, hrefs: Hrefs): ObjectNode {
  return obj('WebhookDelivery', 'WebhookDelivery', { href: webhookDeliveryHref(hrefs, delivery.webhookId, delivery.id) }, [
    val('id', delivery.id),
    ref('Webhook', 'Webhook', webhookHref(hrefs, delivery.webhookId)),
    val('eventId', delivery.eventSeq),
    val('eventType', delivery.eventType),
    val('status', delivery.status),
    val('attempts', delivery.attempts),
    val('nextAttemptAt', delivery.nextAttemptAt.toISOString()),
    val('lastStatus', delivery.lastStatus),
    val('lastError', delivery.lastError),
    val('deliveredAt', delivery.deliveredAt?.toISOString() ?? null),
    val('createdAt', delivery.createdAt.toISOString()),
  ]);
}

/** `WebhookDeliveryList` element (extension): a page of the log, newest first, with the total count. */
export function webhookDeliveryListNode(webhookId: number, page: WebhookDeliveryPage, hrefs: Hrefs): ObjectNode {
  return obj('WebhookDeliveryList', 'WebhookDeliveryList', { href: `${webhookHref(hrefs, webhookId)}/deliveries` }, [
    val('totalCount', page.totalCount),
    list('WebhookDelivery', page.items.map((delivery) => webhookDeliveryNode(delivery, hrefs))),
  ]);
}
