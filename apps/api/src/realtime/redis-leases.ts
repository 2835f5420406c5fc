import type { Logger } from '../logger';
import { instancesKey, LUA_NOW as NOW, runScript as run, type SharedRedis } from './redis-connections';

/**
 * Concurrency caps shared by the instances (decision 022): open sockets per user and per address,
 * model streams per user. A cap counts what is open *now*, so unlike a rate it must forget what a
 * crashed instance held. Each instance renews a lease (`<prefix>instances`: instance id → lease end, Redis's
 * own clock) every leaseMs / 3, and its entries count only while its lease lasts; the scripts below drop
 * a dead instance's entries when they meet them. The instance is the source of truth for its own
 * entries: every heartbeat writes them again (HSET) and refreshes the keys' expiry, which repairs a
 * release that failed while Redis was unreachable, a Redis restart (no persistence) and a lease that
 * ran out while the process was stalled. While Redis does not answer, each instance applies the cap to
 * what it holds itself (per-instance limits) and writes those entries when Redis is back.
 */

/**
 * Counts: KEYS[1] instances, KEYS[2..] hashes (field: instance id → its count). ARGV: me, lease ms,
 * key ttl ms, then the cap of each hash. Refuses (returns the 1-based index of the first hash at its
 * cap) or adds one to every hash (returns 0), counting live instances' entries only.
 */
const COUNT_ACQUIRE = `${NOW}
local me = ARGV[1]
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), me)
for i = 2, #KEYS do
  local total = 0
  local entries = redis.call('HGETALL', KEYS[i])
  for j = 1, #entries, 2 do
    local lease = redis.call('ZSCORE', KEYS[1], entries[j])
    if lease and tonumber(lease) >= now then total = total + tonumber(entries[j + 1])
    else redis.call('HDEL', KEYS[i], entries[j]) end
  end
  if total >= tonumber(ARGV[i + 2]) then return i - 1 end
end
for i = 2, #KEYS do
  redis.call('HINCRBY', KEYS[i], me, 1)
  redis.call('PEXPIRE', KEYS[i], ARGV[3])
end
return 0`;

/** KEYS: hashes; ARGV[1] me. Takes one off my entry of each (never below zero). */
const COUNT_RELEASE = `for i = 1, #KEYS do
  local n = tonumber(redis.call('HGET', KEYS[i], ARGV[1]) or '0')
  if n > 1 then redis.call('HINCRBY', KEYS[i], ARGV[1], -1) else redis.call('HDEL', KEYS[i], ARGV[1]) end
end
return 0`;

/** KEYS[1] instances, KEYS[2..] hashes: the live total of each. */
const COUNT_READ = `${NOW}
local totals = {}
for i = 2, #KEYS do
  local total = 0
  local entries = redis.call('HGETALL', KEYS[i])
  for j = 1, #entries, 2 do
    local lease = redis.call('ZSCORE', KEYS[1], entries[j])
    if lease and tonumber(lease) >= now then total = total + tonumber(entries[j + 1]) end
  end
  totals[i - 1] = total
end
return totals`;

/**
 * Slots: KEYS[1] instances, KEYS[2] hash (field: instance id NUL slot id → group, '' for none). ARGV:
 * me, lease ms, key ttl ms, field, group, cap. Returns 1 when a live slot has the same (non-empty)
 * group, 2 when the live slots reach the cap, else takes the slot and returns 0. The slot's own field
 * is not counted: the instance holds it before the script runs, so a heartbeat sent meanwhile may have
 * written it already (it would otherwise refuse itself as its own group, or count once too many).
 */
const SLOT_ACQUIRE = `${NOW}
local me = ARGV[1]
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), me)
local open = 0
local entries = redis.call('HGETALL', KEYS[2])
for j = 1, #entries, 2 do
  if entries[j] ~= ARGV[4] then
    local owner = string.match(entries[j], '^([^%z]*)%z')
    local lease = owner and redis.call('ZSCORE', KEYS[1], owner)
    if lease and tonumber(lease) >= now then
      if ARGV[5] ~= '' and entries[j + 1] == ARGV[5] then return 1 end
      open = open + 1
    else redis.call('HDEL', KEYS[2], entries[j]) end
  end
end
if open >= tonumber(ARGV[6]) then return 2 end
redis.call('HSET', KEYS[2], ARGV[4], ARGV[5])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 0`;

/** How long a key whose holders all stopped renewing it survives (then Redis drops it). */
const keyTtl = (redis: Pick<SharedRedis, 'leaseMs'>) => redis.leaseMs * 3;

export type CountGrant = { ok: true; release: () => void } | { ok: false; /** Index of the first entry at its cap. */ index: number };

export type SharedCounts = {
  /** Adds one to every key, or none when one is at its cap (atomic across instances). */
  acquire(entries: ReadonlyArray<{ key: string; max: number }>): Promise<CountGrant>;
  /** Live totals of the keys, all instances together (this instance's own count while Redis is down). */
  read(keys: readonly string[]): Promise<number[]>;
  /** This instance's own entries (tests, metrics). */
  held(key: string): number;
};

export function createSharedCounts(redis: SharedRedis, logger: Logger): SharedCounts {
  const { instanceId: me, client } = redis;
  /** What this instance holds per key, pending acquisitions included; re-asserted by the heartbeat. */
  const held = new Map<string, number>();
  const bump = (keys: readonly string[], by: 1 | -1) => {
    for (const key of keys) held.set(key, Math.max(0, (held.get(key) ?? 0) + by));
  };

  redis.onBeat(async (beatClient) => {
    const writes: Array<Promise<unknown>> = [];
    for (const [key, count] of held) {
      if (count > 0) writes.push(beatClient.hSet(key, me, count), beatClient.pExpire(key, keyTtl(redis)));
      else
        writes.push(
          beatClient.hDel(key, me).then(() => {
            if (held.get(key) === 0) held.delete(key);
          }),
        );
    }
    await Promise.all(writes);
  });

  return {
    async acquire(entries) {
      const keys = entries.map((entry) => entry.key);
      // Counted before the script runs, so a heartbeat sent meanwhile writes it too (never under-counts).
      bump(keys, 1);
      let refused: number;
      try {
        refused = Number(await run(client, COUNT_ACQUIRE, [instancesKey(redis), ...keys], [me, redis.leaseMs, keyTtl(redis), ...entries.map((e) => e.max)]));
      } catch (error) {
        logger.debug('shared count unavailable: per-instance cap', { error: String(error) });
        bump(keys, -1);
        refused = entries.findIndex((entry) => (held.get(entry.key) ?? 0) >= entry.max) + 1;
        if (refused === 0) bump(keys, 1);
        else return { ok: false, index: refused - 1 };
      }
      if (refused > 0) {
        bump(keys, -1);
        return { ok: false, index: refused - 1 };
      }
      return {
        ok: true,
        release: once(() => {
          bump(keys, -1);
          // A failure is repaired by the next heartbeat (it writes what this instance holds).
          run(client, COUNT_RELEASE, keys, [me]).then(
            () => {
              for (const key of keys) if (held.get(key) === 0) held.delete(key);
            },
            (error: unknown) => logger.debug('shared count release deferred to the heartbeat', { error: String(error) }),
          );
        }),
      };
    },
    async read(keys) {
      try {
        const totals = (await run(client, COUNT_READ, [instancesKey(redis), ...keys], [])) as unknown[];
        return totals.map(Number);
      } catch {
        return keys.map((key) => held.get(key) ?? 0);
      }
    },
    held: (key) => held.get(key) ?? 0,
  };
}

export type SlotGrant = { ok: true; release: () => void } | { ok: false; reason: 'group' | 'cap' };

export type SharedSlots = {
  /** Takes a slot in `key` unless one of the same `group` is open or `max` are; across instances. */
  acquire(key: string, group: string | null, max: number): Promise<SlotGrant>;
};

export function createSharedSlots(redis: SharedRedis, logger: Logger): SharedSlots {
  const { instanceId: me, client } = redis;
  /** This instance's open slots: key → field → group ('' for none). */
  const held = new Map<string, Map<string, string>>();
  /** Slots released while Redis did not answer: deleted by the next heartbeat. */
  const stale = new Map<string, Set<string>>();
  let sequence = 0;
  /** Heartbeats started so far: one started while a slot was pending may have written it. */
  let beats = 0;

  const forget = (key: string, field: string) => {
    const slots = held.get(key);
    slots?.delete(field);
    if (slots?.size === 0) held.delete(key);
  };

  redis.onBeat(async (beatClient) => {
    beats += 1;
    const writes: Array<Promise<unknown>> = [];
    for (const [key, slots] of held) {
      writes.push(beatClient.hSet(key, Object.fromEntries(slots)), beatClient.pExpire(key, keyTtl(redis)));
    }
    for (const [key, fields] of stale) {
      const batch = [...fields];
      writes.push(
        beatClient.hDel(key, batch).then(() => {
          for (const field of batch) fields.delete(field);
          if (fields.size === 0) stale.delete(key);
        }),
      );
    }
    await Promise.all(writes);
  });

  return {
    async acquire(key, group, max) {
      sequence += 1;
      const field = `${me}\u0000${sequence}`;
      const value = group ?? '';
      let slots = held.get(key);
      if (!slots) {
        slots = new Map();
        held.set(key, slots);
      }
      const mine = slots;
      // Held before the script runs (see createSharedCounts).
      mine.set(field, value);
      const beatsBefore = beats;
      let answer: number;
      try {
        answer = Number(await run(client, SLOT_ACQUIRE, [instancesKey(redis), key], [me, redis.leaseMs, keyTtl(redis), field, value, max]));
      } catch (error) {
        logger.debug('shared slots unavailable: per-instance cap', { error: String(error) });
        mine.delete(field);
        const others = [...mine.values()];
        answer = group !== null && others.includes(value) ? 1 : others.length >= max ? 2 : 0;
        if (answer === 0) mine.set(field, value);
      }
      if (answer !== 0) {
        forget(key, field);
        // A heartbeat sent while the script ran wrote the refused slot after it: take it back out.
        if (beats !== beatsBefore) client.hDel(key, field).catch(() => stale.set(key, (stale.get(key) ?? new Set<string>()).add(field)));
        return { ok: false, reason: answer === 1 ? 'group' : 'cap' };
      }
      return {
        ok: true,
        release: once(() => {
          forget(key, field);
          client.hDel(key, field).catch((error: unknown) => {
            logger.debug('shared slot release deferred to the heartbeat', { error: String(error) });
            const fields = stale.get(key) ?? new Set<string>();
            fields.add(field);
            stale.set(key, fields);
          });
        }),
      };
    },
  };
}

/** A release that acts the first time it is called; later calls (a double close, a retry) do nothing. */
function once(release: () => void): () => void {
  let holding = true;
  return () => {
    if (!holding) return;
    holding = false;
    release();
  };
}
