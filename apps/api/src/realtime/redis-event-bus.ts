import { z } from 'zod';
import type { Logger } from '../logger';
import { createLocalEventBus, type BusEventName, type BusEvents, type EventBus } from './event-bus';
import type { SharedRedis } from './redis-connections';

/** The one pub/sub channel every instance of a deployment publishes its events on and listens to (`<REDIS_KEY_PREFIX>events`). */
export const eventsChannel = (redis: Pick<SharedRedis, 'keyPrefix'>) => `${redis.keyPrefix}events`;

const StatsSchema = z.object({ totalSteps: z.number().int(), todaySteps: z.number().int() });
const CompletionSchema = z.object({
  activityId: z.string().min(1),
  activityType: z.string(),
  activityName: z.string(),
  stepsEarned: z.number().int(),
  icon: z.string(),
  completedAt: z.string(),
  limitReached: z.boolean(),
  dailyLimit: z.number().int(),
});

/** An outbox `seq` as a decimal string (decision 026): a positive safe integer. */
export const EventIdSchema = z.string().regex(/^[1-9][0-9]{0,15}$/);

/**
 * What another instance may hand this one, by event name. Typed against BusEvents, so an event or a
 * field added there without its schema here fails the typecheck rather than being dropped at run time.
 */
export const PAYLOADS: { [K in BusEventName]: z.ZodType<BusEvents[K]> } = {
  'session.ended': z.object({ sessionId: z.string().min(1), userId: z.string().min(1), reason: z.enum(['logout', 'expired', 'revoked']) }),
  'activity.completed': z.object({ userId: z.string().min(1), completion: CompletionSchema, stats: StatsSchema, eventId: EventIdSchema }),
  'stats.updated': z.object({ userId: z.string().min(1), stats: StatsSchema }),
};

const EnvelopeSchema = z.object({
  instanceId: z.string().min(1),
  name: z.enum(Object.keys(PAYLOADS) as [BusEventName, ...BusEventName[]]),
  payload: z.unknown(),
});

export type RedisEventBus = EventBus & {
  /** Resolves once this instance's subscriber listens (events published before are not received). */
  ready: Promise<void>;
  /** Stops listening to other instances (the connections are closed by their owner). */
  close(): Promise<void>;
};

/**
 * The event bus across instances (decision 022). `publish` delivers to this process's handlers and
 * iterators at once, exactly as the in-process bus does (per-user channels included), and publishes
 * `{ instanceId, name, payload }` as JSON on eventsChannel(redis); each instance's subscriber connection
 * delivers the other instances' messages locally (its own are skipped: they were delivered at publish).
 * A message that does not parse or does not match its event's schema is logged and dropped.
 * Pub/sub is at most once: an event published while Redis is unreachable reaches only the publishing
 * instance, and a client on another instance catches up from the events outbox when it resubscribes
 * (`activities.onCompleted` with its `lastEventId`, decision 026).
 */
export function createRedisEventBus(redis: Pick<SharedRedis, 'instanceId' | 'keyPrefix' | 'client' | 'subscriber'>, logger: Logger): RedisEventBus {
  const EVENTS_CHANNEL = eventsChannel(redis);
  const local = createLocalEventBus((error) => logger.error('event handler failed', { error: String(error) }));
  const { instanceId } = redis;

  const onMessage = (message: string) => {
    let raw: unknown;
    try {
      raw = JSON.parse(message);
    } catch {
      logger.warn('bus message dropped: not JSON', { bytes: message.length });
      return;
    }
    const envelope = EnvelopeSchema.safeParse(raw);
    if (!envelope.success) {
      logger.warn('bus message dropped: bad envelope', {
        issues: envelope.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
      return;
    }
    const { name, payload } = envelope.data;
    if (envelope.data.instanceId === instanceId) return;
    const parsed = PAYLOADS[name].safeParse(payload);
    if (!parsed.success) {
      logger.warn('bus message dropped: bad payload', {
        name,
        issues: parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
      return;
    }
    local.deliver(name, parsed.data as BusEvents[typeof name]);
  };

  const ready = redis.subscriber.subscribe(EVENTS_CHANNEL, onMessage).catch((error: unknown) => {
    // Not fatal: node-redis subscribes again when the connection comes back.
    logger.warn('bus subscribe failed', { error: String(error) });
  });

  // One warning per outage, not one per event (a busy instance publishes many while Redis is away).
  let failing = false;
  return {
    publish(name, payload) {
      local.publish(name, payload);
      redis.client.publish(EVENTS_CHANNEL, JSON.stringify({ instanceId, name, payload })).then(
        () => {
          failing = false;
        },
        (error: unknown) => {
          if (failing) return logger.debug('bus publish to other instances failed', { name, error: String(error) });
          failing = true;
          logger.warn('bus publish to other instances failed', { name, error: String(error) });
        },
      );
    },
    subscribe: (name, handler) => local.subscribe(name, handler),
    iterate: (name, signal) => local.iterate(name, signal),
    iterateForUser: (name, userId, signal) => local.iterateForUser(name, userId, signal),
    listenerCount: (name, userId) => local.listenerCount(name, userId),
    ready,
    async close() {
      if (redis.subscriber.isReady) await redis.subscriber.unsubscribe(EVENTS_CHANNEL, onMessage).catch(() => {});
    },
  };
}
