import type { Deps } from '../deps';
import type { BusEventName, BusEvents } from './event-bus';
import { PAYLOADS } from './redis-event-bus';

/*
 * The realtime outbox (decision 026). A service writes its event row in the transaction of the change it
 * reports (`tx.events.append`), so a committed change always has its event and a rolled-back one never
 * does. After the commit the writer publishes it on the bus with its id (`seq` as a string) and marks it
 * published. The relay, on every instance, publishes what a writer left behind (killed between its commit
 * and its publish): at least once, so subscribers deduplicate by id. A reconnecting client resumes from
 * the table after the last id it saw.
 */

/** Events kept for resuming (and for the relay): a week. Older ones are deleted by the periodic sweep. */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** How often each instance's relay looks for events nobody published. */
export const RELAY_INTERVAL_MS = 2_000;
/** An event unpublished this long after its commit is taken to be orphaned and published by a relay. */
export const RELAY_AFTER_MS = 5_000;
/** Events one relay claims per statement. */
export const RELAY_BATCH = 100;
/** Events replayed to a reconnecting subscription, at most (the oldest missed ones first). */
export const RESUME_CAP = 100;
/**
 * How long a writer's "published" marks are gathered before one UPDATE writes them all: on SQLite with
 * synchronous=FULL each is an fsync that holds the event loop, so at most one a second (well inside RELAY_AFTER_MS).
 */
export const MARK_DELAY_MS = 1_000;

/** Event names written to the outbox (the others are published straight away, at most once). */
export type OutboxEventName = Extract<BusEventName, 'activity.completed'>;
/** What a service hands the outbox: the bus payload without its id (the row's seq becomes it). */
export type OutboxPayload<K extends OutboxEventName> = Omit<BusEvents[K], 'eventId'>;

/** The event id a client sent (`lastEventId`): an outbox seq, or null for anything else (no error). */
export function parseEventId(id: string | null | undefined): number | null {
  if (typeof id !== 'string' || !/^[1-9][0-9]{0,15}$/.test(id)) return null;
  const seq = Number(id);
  return Number.isSafeInteger(seq) ? seq : null;
}

type OutboxDeps = Pick<Deps, 'repos' | 'bus' | 'clock' | 'logger'>;

export type OutboxOptions = {
  intervalMs?: number;
  afterMs?: number;
  batch?: number;
  markDelayMs?: number;
};

export type Outbox = {
  /**
   * After the commit: publishes the event with its id on the bus, then marks its row published (marks
   * are gathered for MARK_DELAY_MS and written in one statement). Never throws.
   */
  publish<K extends OutboxEventName>(name: K, payload: OutboxPayload<K>, seq: number): void;
  /** Writes the gathered marks now (shutdown, tests). Never throws. */
  flush(): Promise<void>;
  /** One relay pass: claims the orphaned events (one atomic statement per batch) and publishes them; how many. */
  relayOnce(): Promise<number>;
  /** Starts the relay timer (idempotent). */
  start(): void;
  /** Stops the relay timer, waits for a running pass and writes the gathered marks. */
  stop(): Promise<void>;
};

/** The bus payload of a stored event, checked against the event's schema (rows outlive code versions). */
function busPayload(row: { seq: number; name: string; payload: Record<string, unknown> }): { name: BusEventName; payload: BusEvents[BusEventName] } | null {
  if (!(row.name in PAYLOADS)) return null;
  const name = row.name as BusEventName;
  const parsed = PAYLOADS[name].safeParse({ ...row.payload, eventId: String(row.seq) });
  return parsed.success ? { name, payload: parsed.data } : null;
}

export function createOutbox(deps: OutboxDeps, options: OutboxOptions = {}): Outbox {
  const intervalMs = options.intervalMs ?? RELAY_INTERVAL_MS;
  const afterMs = options.afterMs ?? RELAY_AFTER_MS;
  const batch = options.batch ?? RELAY_BATCH;
  const markDelayMs = options.markDelayMs ?? MARK_DELAY_MS;

  let pending: number[] = [];
  let markTimer: NodeJS.Timeout | undefined;
  let marking: Promise<void> = Promise.resolve();

  const writeMarks = (): Promise<void> => {
    if (markTimer) clearTimeout(markTimer);
    markTimer = undefined;
    const seqs = pending;
    pending = [];
    if (seqs.length === 0) return marking;
    // A failed mark only means the relay publishes the event again after RELAY_AFTER_MS (deduplicated by id).
    marking = marking
      .then(() => deps.repos.events.markPublished(seqs, deps.clock()))
      .then(
        () => undefined,
        (error: unknown) => deps.logger.warn('outbox: marking events published failed', { events: seqs.length, error: String(error) }),
      );
    return marking;
  };

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  const relayOnce = async (): Promise<number> => {
    let published = 0;
    // A backlog (an instance died under load) drains RELAY_BATCH at a time, a bounded number per pass.
    for (let round = 0; round < 10; round++) {
      const now = deps.clock();
      const claimed = await deps.repos.events.claimUnpublished(new Date(now.getTime() - afterMs), now, batch);
      for (const row of claimed) {
        const event = busPayload(row);
        if (!event) {
          deps.logger.warn('outbox: stored event dropped: unknown name or bad payload', { seq: row.seq, name: row.name });
          continue;
        }
        deps.bus.publish(event.name, event.payload as never);
        published++;
      }
      if (claimed.length < batch) break;
    }
    if (published > 0) deps.logger.info('outbox: relayed events their writer did not publish', { events: published });
    return published;
  };

  return {
    publish(name, payload, seq) {
      try {
        deps.bus.publish(name, { ...payload, eventId: String(seq) } as BusEvents[typeof name]);
      } catch (error) {
        deps.logger.error('outbox: publish failed', { name, seq, error: String(error) });
      }
      pending.push(seq);
      if (!markTimer) {
        markTimer = setTimeout(() => void writeMarks(), markDelayMs);
        markTimer.unref();
      }
    },
    flush: writeMarks,
    relayOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        // One pass at a time (a tick while one runs is skipped); a pass never throws out of the timer.
        if (running) return;
        running = relayOnce()
          .catch((error: unknown) => {
            deps.logger.error('outbox relay failed', { error: String(error) });
          })
          .finally(() => {
            running = undefined;
          });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      await writeMarks();
    },
  };
}

/** The user's `activity.completed` events after `lastEventId`, oldest first, at most RESUME_CAP; none for an id that is not theirs. */
export async function completedEventsAfter(
  deps: Pick<Deps, 'repos' | 'logger'>,
  userId: string,
  lastEventId: number,
): Promise<Array<BusEvents['activity.completed']>> {
  const rows = await deps.repos.events.resumeAfter(userId, lastEventId, RESUME_CAP);
  const out: Array<BusEvents['activity.completed']> = [];
  for (const row of rows) {
    if (row.name !== 'activity.completed') continue;
    const parsed = PAYLOADS['activity.completed'].safeParse({ ...row.payload, eventId: String(row.seq) });
    if (parsed.success && parsed.data.userId === userId) out.push(parsed.data);
    else deps.logger.warn('outbox: stored event not replayed: bad payload', { seq: row.seq });
  }
  return out;
}

/** Deletes events older than EVENT_RETENTION_MS (the periodic sweep, realtime-server.ts); how many. */
export function pruneEvents(deps: Pick<Deps, 'repos' | 'clock'>): Promise<number> {
  return deps.repos.events.pruneBefore(new Date(deps.clock().getTime() - EVENT_RETENTION_MS));
}
