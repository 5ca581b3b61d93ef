/**
 * Domain events: what a committed write did, in the repository's terms, for integrators (webhooks, the change
 * feed, in-process subscribers). Ibexa dispatches the same facts as Symfony events after each service call
 * (`PublishVersionEvent`, `DeleteContentEvent`, `MoveSubtreeEvent`…); here they are named `<subject>.<what happened>`
 * and carry ids, never field values, so that a reader fetches what it needs with its own permissions.
 *
 * Each event is written to the outbox in the transaction of its change (`EventOutbox.record`): it exists if and
 * only if the change committed, and a process that stops between the commit and the delivery delivers it after
 * its restart.
 */

/** A domain event as a service records it, before it is numbered. */
export interface DomainEvent {
  /** The event's name, `<subject>.<what happened>` (`content.published`); see the README's event table. */
  readonly type: string;
  /** Its data: ids and small values as JSON (e.g. `{ "contentId": 57, "versionNo": 2 }`). */
  readonly payload: Readonly<Record<string, unknown>>;
  /** The content id of the user whose request caused it; null for the system (install, import, migrations). */
  readonly userId: number | null;
}

/** A committed domain event in the published order: what readers receive. */
export interface PublishedEvent extends DomainEvent {
  /** Its place in the published order: increasing, without gaps readers could skip; the SSE event id. */
  readonly seq: number;
  /** When it was recorded (the server's clock at the write). */
  readonly occurredAt: Date;
}

/**
 * The outbox of the persistence: keeps the events of the current transaction with its writes (rolled back with
 * them). Called by services inside `PersistenceHandler.transaction`, once per operation.
 */
export interface EventOutbox {
  /** Records `events` in the current transaction, in this order. */
  record(events: readonly DomainEvent[]): Promise<void>;
}
