import cluster, { type Worker } from 'node:cluster';
import type { ChangeEvent } from '@contentrepo/core';
import type { ChangeRelay } from '@contentrepo/persistence';

/** Tag of the relay's IPC messages; other users of the channel (the login throttle's counters) carry their own. */
const RELAY_CHANNEL = 'contentrepo_changes';

/** One IPC message of the relay: what one worker committed, or a flush from the primary. */
interface RelayMessage {
  readonly channel: typeof RELAY_CHANNEL;
  readonly events: readonly ChangeEvent[];
}

function isRelayMessage(value: unknown): value is { readonly channel: typeof RELAY_CHANNEL; readonly events: unknown } {
  return typeof value === 'object' && value !== null && 'channel' in value && value.channel === RELAY_CHANNEL && 'events' in value;
}

/** The events of a message, or null when one of them is not an event (then the receiver flushes). */
function eventsOf(events: unknown): ChangeEvent[] | null {
  if (!Array.isArray(events)) return null;
  const valid: ChangeEvent[] = [];
  for (const event of events as unknown[]) {
    if (typeof event !== 'object' || event === null || !('kind' in event) || typeof event.kind !== 'string') return null;
    if (event.kind === 'flush') valid.push({ kind: 'flush' });
    else if ('id' in event && typeof event.id === 'number' && Number.isInteger(event.id)) valid.push(event as ChangeEvent);
    else return null;
  }
  return valid;
}

/**
 * A worker's side of the change relay (the persistence's `ChangeRelay`, SQLite only): the changes this worker
 * committed go to the primary over the cluster's IPC channel (`process.send`), which hands them to every other
 * worker; what the others committed arrives the same way. A message that cannot be read is received as a flush.
 * Sending is fire-and-forget: when the channel is closed (the primary is gone, and this worker stopping) the
 * changes are dropped and `warn` called.
 */
export function workerChangeRelay(warn: (message: string, error?: unknown) => void): ChangeRelay {
  return {
    send(changes) {
      if (!process.send || !process.connected) {
        warn('Changes not relayed to the other workers: the channel to the primary is closed');
        return;
      }
      const message: RelayMessage = { channel: RELAY_CHANNEL, events: changes };
      try {
        process.send(message, undefined, undefined, (error: Error | null) => {
          if (error) warn('Changes not relayed to the other workers', error);
        });
      } catch (error) {
        warn('Changes not relayed to the other workers', error);
      }
    },
    receive(listener) {
      const onMessage = (message: unknown): void => {
        if (!isRelayMessage(message)) return;
        listener(eventsOf(message.events) ?? [{ kind: 'flush' }]);
      };
      process.on('message', onMessage);
      return () => {
        process.off('message', onMessage);
      };
    },
  };
}

/** The primary's side of the change relay (see {@link relayChangesBetweenWorkers}). */
export interface WorkerRelayHub {
  /**
   * Sends a flush to every connected worker but `except`: used when a worker died, since it may have committed
   * writes whose announcement never left it.
   */
  flushAll(except?: Worker): void;
  /** Stops relaying. */
  close(): void;
}

/**
 * In the primary process: forwards every change a worker announces to every other connected worker, as it came
 * (the cluster's IPC channel keeps each worker's order). Call once, before forking.
 */
export function relayChangesBetweenWorkers(): WorkerRelayHub {
  const send = (worker: Worker, message: RelayMessage): void => {
    if (!worker.isConnected()) return;
    try {
      worker.send(message);
    } catch {
      // The worker is exiting; its successor starts with empty caches.
    }
  };
  const onMessage = (from: Worker, message: unknown): void => {
    if (!isRelayMessage(message)) return;
    const events = eventsOf(message.events) ?? [{ kind: 'flush' }];
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker !== undefined && worker !== from) send(worker, { channel: RELAY_CHANNEL, events });
    }
  };
  cluster.on('message', onMessage);
  return {
    flushAll(except) {
      for (const worker of Object.values(cluster.workers ?? {})) {
        if (worker !== undefined && worker !== except) send(worker, { channel: RELAY_CHANNEL, events: [{ kind: 'flush' }] });
      }
    },
    close() {
      cluster.off('message', onMessage);
    },
  };
}
