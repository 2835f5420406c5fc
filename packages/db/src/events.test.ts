import { withPostgres } from '@ascenso/test-services/postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDb } from './pg/client';
import { createPgStore } from './pg/pg-store';
import type { PgTestStore } from './pg/test-store';
import type { Store } from './store';
import { openTestStore, STORE_DIALECTS } from './test-stores';

// The realtime outbox (decision 026) on both dialects, with two stores on one database standing for two
// API instances: two pools on PostgreSQL, one store on SQLite (one connection per process).

const user = (id: string) => ({ id, email: `${id}@ejemplo.es`, passwordHash: 'h', firstName: 'Ana' });
const T0 = new Date('2026-11-26T09:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe.each(STORE_DIALECTS)('events outbox ($dialect)', ({ dialect, skip }) => {
  let a: Store;
  let b: Store;
  beforeAll(async () => {
    if (skip) return;
    if (dialect === 'sqlite') {
      // One process holds one SQLite connection (its writers are serialised by the store's gate); two
      // processes on one file are the API suite's business (realtime/outbox-relay.test.ts).
      a = b = await openTestStore('sqlite');
    } else {
      const first = (await openTestStore('postgres', { max: 20 })) as PgTestStore;
      a = first;
      b = await createPgStore(createPgDb({ url: first.url, max: 20 }), { detectMisuse: true });
    }
    for (const id of ['u1', 'u2', 'u3', 'u4']) await a.repos.users.insert(user(id));
  }, 60_000);
  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
  });

  const title = (text: string) => (skip ? withPostgres(text) : text);

  it.skipIf(skip)(title('resume after an id returns exactly the later events of that user, in seq order, across two stores'), async () => {
    const written: number[] = [];
    for (let i = 0; i < 6; i++) {
      const store = i % 2 ? b : a;
      written.push(await store.repos.events.append({ userId: 'u1', name: 'activity.completed', payload: { n: i }, createdAt: at(i) }));
      // Another user's events interleave; they never show up in u1's resume.
      await store.repos.events.append({ userId: 'u2', name: 'activity.completed', payload: { n: 100 + i }, createdAt: at(i) });
    }
    expect([...written].sort((x, y) => x - y)).toEqual(written);
    const resumed = await b.repos.events.resumeAfter('u1', written[1]!, 100);
    expect(resumed.map((row) => row.seq)).toEqual(written.slice(2));
    expect(resumed.map((row) => row.payload)).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }]);
    expect(resumed.every((row) => row.userId === 'u1' && row.name === 'activity.completed' && row.publishedAt === null)).toBe(true);
    expect(resumed[0]!.createdAt).toEqual(at(2));
    // The cap: the first `limit` after the id.
    expect((await a.repos.events.resumeAfter('u1', written[0]!, 2)).map((row) => row.seq)).toEqual(written.slice(1, 3));
    // The last one: nothing after it.
    expect(await a.repos.events.resumeAfter('u1', written[5]!, 100)).toEqual([]);
    // An id that is not u1's (u2's, or none at all) replays nothing.
    const u2Seq = written[0]! + 1;
    expect(await a.repos.events.resumeAfter('u1', u2Seq, 100)).toEqual([]);
    expect(await a.repos.events.resumeAfter('u1', 10_000_000, 100)).toEqual([]);
  });

  it.skipIf(skip)(title('per user, seq order is commit order: 30 serialised transactions on two stores'), async () => {
    // Each transaction reads the user's counter, waits, writes it back + 1 and appends its event: only the
    // serialisation keeps the counter right, and the events' seq order must be the order the counter saw.
    const bump = (store: Store) =>
      store.transaction(
        async (tx) => {
          const before = await tx.steps.total('u3');
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx.admin.addToTotal('u3', 1);
          await tx.events.append({ userId: 'u3', name: 'activity.completed', payload: { before }, createdAt: T0 });
        },
        { serializeOn: 'user:u3' },
      );
    const marker = await a.repos.events.append({ userId: 'u3', name: 'marker', payload: {}, createdAt: T0 });
    await Promise.all(Array.from({ length: 30 }, (_, i) => bump(i % 2 ? a : b)));
    expect(await a.repos.steps.total('u3')).toBe(30);
    const rows = await b.repos.events.resumeAfter('u3', marker, 100);
    expect(rows.map((row) => row.payload)).toEqual(Array.from({ length: 30 }, (_, i) => ({ before: i })));
  });

  it.skipIf(skip)(title('a rolled-back transaction leaves no event'), async () => {
    const before = await a.repos.events.append({ userId: 'u4', name: 'marker', payload: {}, createdAt: T0 });
    await expect(
      a.transaction(async (tx) => {
        await tx.events.append({ userId: 'u4', name: 'activity.completed', payload: { lost: true }, createdAt: T0 });
        throw new Error('fallo después de insertar');
      }),
    ).rejects.toThrow('fallo después de insertar');
    expect(await a.repos.events.resumeAfter('u4', before, 100)).toEqual([]);
  });

  it.skipIf(skip)(title('claims: only rows unpublished and old enough, each by one of two racing stores, once'), async () => {
    // Start clean: everything earlier counts as published.
    await a.repos.events.claimUnpublished(at(3600), at(0), 10_000);
    const seqs: number[] = [];
    for (let i = 0; i < 40; i++) seqs.push(await a.repos.events.append({ userId: 'u4', name: 'activity.completed', payload: { i }, createdAt: at(10) }));
    const recent = await a.repos.events.append({ userId: 'u4', name: 'activity.completed', payload: { recent: true }, createdAt: at(20) });
    expect(await a.repos.events.markPublished([seqs[0]!, seqs[1]!], at(11))).toBe(2);
    expect(await a.repos.events.markPublished([seqs[0]!], at(12))).toBe(0);

    const claims = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).repos.events.claimUnpublished(at(15), at(16), 5)));
    const claimed = claims.flat().map((row) => row.seq);
    expect([...claimed].sort((x, y) => x - y)).toEqual(seqs.slice(2));
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const claim of claims) expect(claim.map((row) => row.seq)).toEqual([...claim.map((row) => row.seq)].sort((x, y) => x - y));
    expect(claims.flat().every((row) => row.publishedAt?.getTime() === at(16).getTime())).toBe(true);
    // Nothing left to claim before 15 s; the recent one once it is old enough.
    expect(await b.repos.events.claimUnpublished(at(15), at(17), 100)).toEqual([]);
    expect((await b.repos.events.claimUnpublished(at(25), at(26), 100)).map((row) => row.seq)).toEqual([recent]);
  });

  it.skipIf(skip)(title('prune deletes events created before the cut only; deleting a user deletes theirs'), async () => {
    const old = await a.repos.events.append({ userId: 'u2', name: 'activity.completed', payload: { old: true }, createdAt: at(-8 * 86_400) });
    const kept = await a.repos.events.append({ userId: 'u2', name: 'activity.completed', payload: { kept: true }, createdAt: at(-6 * 86_400) });
    const newest = await a.repos.events.append({ userId: 'u2', name: 'activity.completed', payload: { newest: true }, createdAt: at(0) });
    const pruned = await a.repos.events.pruneBefore(at(-7 * 86_400));
    expect(pruned).toBe(1);
    expect(await a.repos.events.resumeAfter('u2', old, 100)).toEqual([]);
    expect((await a.repos.events.resumeAfter('u2', kept, 100)).map((row) => row.seq)).toEqual([newest]);
    await a.repos.users.delete('u2');
    expect(await a.repos.events.resumeAfter('u2', kept, 100)).toEqual([]);
    expect(await a.repos.events.pruneBefore(at(3600))).toBeGreaterThan(0);
  });
});
