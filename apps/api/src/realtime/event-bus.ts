import { channel } from 'node:diagnostics_channel';
import { EventEmitter } from 'node:events';

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
  /**
   * A completion was committed to the ledger (awarded or not), with the user's new totals. `eventId` is
   * its row in the events outbox (`seq` as a decimal string, decision 026): what a reconnecting client
   * resumes after, and what a subscription deduplicates on (the relay may publish an event twice).
   */
  'activity.completed': { userId: string; completion: CompletionEvent; stats: StatsEvent; eventId: string };
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
  /**
   * The same, for one user's events only: a publish wakes only that user's iterators (not every
   * subscription of every user), so one user's subscriptions cost nothing to the others.
   */
  iterateForUser<K extends BusEventName>(name: K, userId: string, signal: AbortSignal): AsyncIterable<BusEvents[K]>;
  /** Live handlers and iterators of an event (of one user's iterators with `userId`): leak checks, metrics. */
  listenerCount(name: BusEventName, userId?: string): number;
}

/** Every event carries the user it concerns; per-user iterators listen on `name` + NUL + user id. */
const userChannel = (name: BusEventName, userId: string) => `${name}\u0000${userId}`;

/**
 * A single-use async iterable over an emitter's event, listening from the call on. Lighter than
 * `events.on()` (which preallocates two 2 048-slot queues, ~33 KB, per iterator: most of the ~45 KB a
 * subscription used to cost): a plain array holds what arrives while the consumer is busy. The
 * listener is removed when `signal` aborts, when the consumer calls `return()` (tRPC does on
 * unsubscribe and on socket close), or when it breaks out of `for await`.
 */
function listen<T>(emitter: EventEmitter, event: string, signal: AbortSignal): AsyncIterable<T> {
  const queue: T[] = [];
  let waiting: ((result: IteratorResult<T>) => void) | undefined;
  let done = signal.aborted;
  const onEvent = (payload: T) => {
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve({ value: payload, done: false });
    } else queue.push(payload);
  };
  const finish = () => {
    if (done) return;
    done = true;
    emitter.off(event, onEvent);
    signal.removeEventListener('abort', finish);
    queue.length = 0;
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve({ value: undefined, done: true });
    }
  };
  if (!done) {
    emitter.on(event, onEvent);
    signal.addEventListener('abort', finish, { once: true });
  }
  const iterator: AsyncIterableIterator<T> = {
    next() {
      if (queue.length > 0) return Promise.resolve({ value: queue.shift() as T, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => {
        waiting = resolve;
      });
    },
    return() {
      finish();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}

/** The in-process bus, plus delivery of an event published elsewhere (redis-event-bus.ts). */
export type LocalEventBus = EventBus & {
  /** Runs this process's handlers and wakes its iterators, without reporting a publish of this process. */
  deliver<K extends BusEventName>(name: K, payload: BusEvents[K]): void;
};

/** In-process implementation (the default); redis-event-bus.ts carries it across instances. */
export function createEventBus(onHandlerError: (error: unknown) => void = () => {}): EventBus {
  return createLocalEventBus(onHandlerError);
}

export function createLocalEventBus(onHandlerError: (error: unknown) => void = () => {}): LocalEventBus {
  const emitter = new EventEmitter({ captureRejections: false });
  emitter.setMaxListeners(0);
  const deliver = <K extends BusEventName>(name: K, payload: BusEvents[K]) => {
    emitter.emit(name, payload);
    emitter.emit(userChannel(name, payload.userId), payload);
  };
  return {
    publish(name, payload) {
      if (publishChannel.hasSubscribers) publishChannel.publish({ name, payload });
      deliver(name, payload);
    },
    deliver,
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
      return listen(emitter, name, signal);
    },
    iterateForUser(name, userId, signal) {
      return listen(emitter, userChannel(name, userId), signal);
    },
    listenerCount(name, userId) {
      return emitter.listenerCount(userId === undefined ? name : userChannel(name, userId));
    },
  };
}
