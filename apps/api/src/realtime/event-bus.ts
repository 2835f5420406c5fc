import { channel } from 'node:diagnostics_channel';
import { EventEmitter, on } from 'node:events';

/**
 * Observability hook: `{ name, payload }` of every publish, before any handler runs (services publish
 * right after their commit, so this is the commit time as the process sees it). Nothing is published
 * while no one subscribes; bench/src/ws.ts subscribes from a `--import` hook to time `/ws` pushes.
 */
export const BUS_PUBLISH_CHANNEL = 'ascenso:bus.publish';
const publishChannel = channel(BUS_PUBLISH_CHANNEL);

/**
 * Every event the server publishes, by name. Services publish after their transaction commits.
 * Later areas add their events here (e.g. `activity.completed`).
 */
export type BusEvents = {
  /** A session ended (logout, expiry, sign-out-everywhere); its sockets must close. */
  'session.ended': { sessionId: string; userId: string; reason: 'logout' | 'expired' | 'revoked' };
  /** A completion was committed to the ledger (awarded or not), with the user's new totals. */
  'activity.completed': { userId: string; completion: CompletionEvent; stats: StatsEvent };
  /** The user's totals changed without a completion (an admin adjustment). */
  'stats.updated': { userId: string; stats: StatsEvent };
};

/** The `data` of the documented `activity_completed` message (plus limitReached / dailyLimit). */
export type CompletionEvent = {
  activityId: string;
  activityType: string;
  activityName: string;
  stepsEarned: number;
  icon: string;
  completedAt: string;
  limitReached: boolean;
  dailyLimit: number;
};

/** The `data` of the documented `stats_updated` message. */
export type StatsEvent = { totalSteps: number; todaySteps: number };

export type BusEventName = keyof BusEvents;

export interface EventBus {
  publish<K extends BusEventName>(name: K, payload: BusEvents[K]): void;
  subscribe<K extends BusEventName>(name: K, handler: (payload: BusEvents[K]) => void): () => void;
  /** Async iteration for subscriptions; ends when `signal` aborts. Subscribes before returning. */
  iterate<K extends BusEventName>(name: K, signal: AbortSignal): AsyncIterable<BusEvents[K]>;
}

/** In-process implementation; a Redis or Postgres one can sit behind the same interface. */
export function createEventBus(onHandlerError: (error: unknown) => void = () => {}): EventBus {
  const emitter = new EventEmitter({ captureRejections: false });
  emitter.setMaxListeners(0);
  return {
    publish(name, payload) {
      if (publishChannel.hasSubscribers) publishChannel.publish({ name, payload });
      emitter.emit(name, payload);
    },
    subscribe(name, handler) {
      const safe = (payload: BusEvents[typeof name]) => {
        try {
          handler(payload);
        } catch (error) {
          onHandlerError(error);
        }
      };
      emitter.on(name, safe);
      return () => emitter.off(name, safe);
    },
    iterate(name, signal) {
      const iterator = on(emitter, name, { signal });
      return {
        async *[Symbol.asyncIterator]() {
          try {
            for await (const [payload] of iterator) yield payload as BusEvents[typeof name];
          } catch (error) {
            if (signal.aborted) return;
            throw error;
          }
        },
      };
    },
  };
}
