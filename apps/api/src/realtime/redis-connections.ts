import { createHash } from 'node:crypto';
import { createClient } from 'redis';
import type { Logger } from '../logger';

export type RedisClient = ReturnType<typeof createClient>;

/** How long a command may wait for Redis before it fails (and the caller falls back to its local limit). */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000;
/** An instance's entries in the shared counters count while its lease lasts; it renews it every third. */
export const DEFAULT_LEASE_MS = 30_000;
/**
 * Every key of Ascenso's shared state, and its pub/sub channel, start with the prefix (REDIS_KEY_PREFIX),
 * so that several deployments (staging, production) can share one Redis without seeing each other.
 */
export const DEFAULT_KEY_PREFIX = 'ascenso:';
/** What REDIS_KEY_PREFIX may be: 1–64 of [A-Za-z0-9:_-], ending in `:`. */
export const KEY_PREFIX_PATTERN = /^[A-Za-z0-9:_-]{0,63}:$/;
/** Sorted set: instance id → end of its lease (ms, Redis's clock). */
export const instancesKey = (redis: Pick<SharedRedis, 'keyPrefix'>) => `${redis.keyPrefix}instances`;

/** Redis's clock in ms, for scripts (instances' clocks may disagree; Redis's is one). */
export const LUA_NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS[1] instances; ARGV[1] me, ARGV[2] lease ms, ARGV[3] forget leases ended more than ARGV[3] ms ago. */
const RENEW_LEASE = `${LUA_NOW}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[3]))
return now`;

const shas = new Map<string, string>();

/** EVALSHA, loading the script with EVAL the first time a server has not seen it. */
export async function runScript(client: RedisClient, script: string, keys: string[], args: Array<string | number>): Promise<unknown> {
  let sha = shas.get(script);
  if (!sha) {
    sha = createHash('sha1').update(script).digest('hex');
    shas.set(script, sha);
  }
  const options = { keys, arguments: args.map(String) };
  try {
    return await client.evalSha(sha, options);
  } catch (error) {
    if (!String(error).includes('NOSCRIPT')) throw error;
    return client.eval(script, options);
  }
}

/** Renews the lease and re-asserts what this instance holds; runs on the command connection. */
export type Beat = (client: RedisClient) => Promise<unknown>;

/**
 * Ascenso's two Redis connections (decision 022): `client` for commands (limits, counters, publish),
 * `subscriber` dedicated to the event bus's SUBSCRIBE (a subscribed connection can run nothing else).
 * Connection errors are logged and never thrown: node-redis reconnects by itself, and until it does
 * commands fail at once (no offline queue) or after REDIS_COMMAND_TIMEOUT_MS, so every caller falls
 * back to its per-instance limit instead of waiting.
 */
export type SharedRedis = {
  /** This process's id in the shared state (pub/sub messages, counter entries, lease). */
  instanceId: string;
  /** The start of every key and of the events channel (REDIS_KEY_PREFIX, default `ascenso:`). */
  keyPrefix: string;
  client: RedisClient;
  subscriber: RedisClient;
  /** How long a crashed instance's entries keep counting. */
  leaseMs: number;
  /** Resolves true once both connections are ready, false if they are not within `waitMs`. */
  ready(waitMs: number): Promise<boolean>;
  /** Adds work to the lease heartbeat (every leaseMs / 3); returns its removal. */
  onBeat(beat: Beat): () => void;
  /** Runs the heartbeat now (tests; also run once when the command connection becomes ready). */
  beat(): Promise<void>;
  /** Stops the heartbeat and closes both connections. Safe to call twice. */
  close(): Promise<void>;
};

/** `redis://host:port` without user or password, for logs. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'redis';
  }
}

export function createSharedRedis(url: string, logger: Logger, options: { instanceId?: string; leaseMs?: number; keyPrefix?: string } = {}): SharedRedis {
  const instanceId = options.instanceId ?? crypto.randomUUID();
  const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  if (!KEY_PREFIX_PATTERN.test(keyPrefix)) throw new Error(`invalid Redis key prefix ${JSON.stringify(keyPrefix)}: 1-64 of [A-Za-z0-9:_-], ending in ':'`);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const where = describe(url);
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
    socket: { connectTimeout: 5_000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2_000) },
  });
  // SUBSCRIBE keeps its listeners across reconnects; node-redis subscribes again once back. Its one
  // command waits for the connection rather than failing.
  const subscriber = client.duplicate({ disableOfflineQueue: false, commandOptions: {} });

  // One warning per connection per outage, not one per reconnect attempt; `ready` says it is back.
  for (const [name, connection] of [
    ['command', client],
    ['subscriber', subscriber],
  ] as const) {
    let down = false;
    connection.on('error', (error: unknown) => {
      if (down) return logger.debug('redis error', { connection: name, redis: where, error: String(error) });
      down = true;
      logger.warn('redis unavailable: limits fall back to this instance, events from other instances wait', {
        connection: name,
        redis: where,
        error: String(error),
      });
    });
    connection.on('ready', () => {
      if (down) logger.info('redis connection back', { connection: name, redis: where });
      down = false;
    });
  }

  const beats = new Set<Beat>();
  let closed = false;
  const beat = async () => {
    if (closed || !client.isReady) return;
    try {
      // The lease first: what follows counts only while it lasts.
      await runScript(client, RENEW_LEASE, [instancesKey({ keyPrefix })], [instanceId, leaseMs, 24 * 60 * 60 * 1000]);
    } catch (error) {
      logger.debug('redis lease renewal failed', { error: String(error) });
      return;
    }
    const results = await Promise.allSettled([...beats].map((work) => work(client)));
    for (const result of results) if (result.status === 'rejected') logger.debug('redis heartbeat failed', { error: String(result.reason) });
  };
  const timer = setInterval(() => void beat(), Math.max(50, Math.floor(leaseMs / 3)));
  timer.unref();
  client.on('ready', () => void beat());

  const connecting = [client, subscriber].map((connection) =>
    connection.connect().then(
      () => true,
      // Only when the reconnect strategy gives up (it never does) or close() ends the attempt.
      (error: unknown) => {
        logger.warn('redis connection ended', { redis: where, error: String(error) });
        return false;
      },
    ),
  );
  const bothReady = Promise.all(connecting).then((results) => results.every(Boolean));

  let closing: Promise<void> | undefined;
  return {
    instanceId,
    keyPrefix,
    client,
    subscriber,
    leaseMs,
    ready: (waitMs) => {
      let timeout: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(false), waitMs);
      });
      return Promise.race([bothReady, late]).finally(() => clearTimeout(timeout));
    },
    onBeat(work) {
      beats.add(work);
      return () => beats.delete(work);
    },
    beat,
    close() {
      closing ??= (async () => {
        closed = true;
        clearInterval(timer);
        await Promise.allSettled(
          [client, subscriber].map(async (connection) => {
            // close() waits for pending replies; destroy() drops a connection that is not open or not ready.
            if (connection.isReady) await connection.close();
            else if (connection.isOpen) connection.destroy();
          }),
        );
      })();
      return closing;
    },
  };
}
