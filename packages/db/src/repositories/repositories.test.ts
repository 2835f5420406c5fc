import { withPostgres } from '@ascenso/test-services/postgres';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store';
import { openTestStore, STORE_DIALECTS } from '../test-stores';

// The repositories through the Store, on both dialects (SQLite in memory, PostgreSQL on the run's cluster).

describe.each(STORE_DIALECTS)('repositories on $dialect', ({ dialect, skip }) => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(dialect);
  });
  afterEach(async () => {
    await store.close();
  });

  async function addUser(email = 'ana@ejemplo.es', id = 'u1') {
    return store.repos.users.insert({ id, email, passwordHash: 'h', firstName: 'Ana' });
  }

  describe.skipIf(skip)(dialect === 'postgres' ? withPostgres('repositories') : 'repositories', async () => {
    describe('users repository', async () => {
      it('inserts and finds by e-mail and id, with defaults', async () => {
        const created = await addUser();
        expect(created).toMatchObject({ id: 'u1', role: 'user', timezone: 'Europe/Madrid', lastName: null });
        const users = store.repos.users;
        expect((await users.findByEmail('ana@ejemplo.es'))?.id).toBe('u1');
        expect((await users.findById('u1'))?.email).toBe('ana@ejemplo.es');
        expect(await users.findById('nope')).toBeUndefined();
        expect(await users.count()).toBe(1);
      });

      it('returns undefined instead of throwing when the e-mail is taken', async () => {
        await addUser();
        expect(await addUser('ana@ejemplo.es', 'u2')).toBeUndefined();
        expect(await store.repos.users.count()).toBe(1);
      });
    });

    describe('sessions repository', async () => {
      it('stores, finds with the user, touches and deletes', async () => {
        await addUser();
        const sessions = store.repos.sessions;
        const t0 = new Date('2026-11-22T10:00:00Z');
        await sessions.insert({ id: 's1', secretHash: Buffer.alloc(32, 1), userId: 'u1', createdAt: t0, lastVerifiedAt: t0 });
        const found = await sessions.findWithUser('s1');
        expect(found?.user).toEqual(await store.repos.users.findById('u1'));
        // The whole session row, though the lookup reads only its secret and times.
        expect(found?.session).toEqual({ id: 's1', secretHash: Buffer.alloc(32, 1), userId: 'u1', createdAt: t0, lastVerifiedAt: t0 });
        expect(Buffer.compare(found!.session.secretHash, Buffer.alloc(32, 1))).toBe(0);

        const t1 = new Date('2026-11-22T12:00:00.123Z');
        await sessions.touch('s1', t1);
        expect((await sessions.findWithUser('s1'))?.session.lastVerifiedAt.getTime()).toBe(t1.getTime());
        // The prepared statements again, on a transaction's executor (decision 039: one per executor on PostgreSQL).
        const t2 = new Date('2026-11-22T13:00:00.456Z');
        await store.transaction(async (tx) => {
          await tx.sessions.touch('s1', t2);
          expect((await tx.sessions.findWithUser('s1'))?.session.lastVerifiedAt.getTime()).toBe(t2.getTime());
        });
        expect((await sessions.findWithUser('s1'))?.session.lastVerifiedAt.getTime()).toBe(t2.getTime());
        expect(await sessions.delete('s1')).toBe(true);
        expect(await sessions.delete('s1')).toBe(false);
        expect(await sessions.findWithUser('s1')).toBeUndefined();
      });

      it('deletes all of a user’s sessions but the kept one, and expired ones', async () => {
        await addUser();
        const sessions = store.repos.sessions;
        const old = new Date('2026-01-01T00:00:00Z');
        const recent = new Date('2026-11-22T00:00:00Z');
        await sessions.insert({ id: 'a', secretHash: Buffer.alloc(32), userId: 'u1', createdAt: old, lastVerifiedAt: old });
        await sessions.insert({ id: 'b', secretHash: Buffer.alloc(32), userId: 'u1', createdAt: recent, lastVerifiedAt: recent });
        await sessions.insert({ id: 'c', secretHash: Buffer.alloc(32), userId: 'u1', createdAt: recent, lastVerifiedAt: recent });
        expect(await sessions.deleteExpired(new Date('2026-06-01T00:00:00Z'), new Date('2026-06-01T00:00:00Z'))).toEqual([{ id: 'a', userId: 'u1' }]);
        expect(await sessions.deleteForUser('u1', 'c')).toEqual(['b']);
        expect(await sessions.findWithUser('c')).toBeDefined();
      });

      it('says which of many ids are still sessions', async () => {
        await addUser();
        const sessions = store.repos.sessions;
        const t = new Date('2026-11-22T10:00:00Z');
        for (const id of ['a', 'b', 'c']) await sessions.insert({ id, secretHash: Buffer.alloc(32), userId: 'u1', createdAt: t, lastVerifiedAt: t });
        await sessions.delete('b');
        expect(await sessions.existing([])).toEqual([]);
        expect((await sessions.existing(['a', 'b', 'c', 'gone'])).sort()).toEqual(['a', 'c']);
        // More ids than one statement takes.
        const many = Array.from({ length: 1_203 }, (_, i) => `x${i}`);
        expect((await sessions.existing([...many, 'c', 'a'])).sort()).toEqual(['a', 'c']);
      });

      it('cascades when the user is deleted', async () => {
        await addUser();
        const sessions = store.repos.sessions;
        const t = new Date();
        await sessions.insert({ id: 's', secretHash: Buffer.alloc(32), userId: 'u1', createdAt: t, lastVerifiedAt: t });
        await store.repos.users.delete('u1');
        expect(await sessions.findWithUser('s')).toBeUndefined();
      });
    });

    describe('auth failures repository (attempt reservations)', async () => {
      const rule = (scope: 'login-address' | 'login-account', key: string, max: number) => ({
        scope,
        key,
        max,
        windowMs: 15 * 60_000,
      });

      it('reserves under every rule or none, over a sliding window, and says when the first slot frees up', async () => {
        const failures = store.repos.authFailures;
        const base = new Date('2026-11-22T10:00:00Z').getTime();
        const at = (minutes: number) => new Date(base + minutes * 60_000);
        const rules = [rule('login-address', '127.0.0.1', 2), rule('login-account', 'a@b.es', 3)];
        const first = await failures.reserve(rules, at(0));
        expect(first).toMatchObject({ ok: true, ids: [expect.any(Number), expect.any(Number)] });
        // ids[i] is rules[i]'s attempt: giving back the second frees the account's slot, not the address's.
        if (!first.ok) throw new Error('expected a reservation');
        await failures.release(first.ids.slice(1));
        expect((await failures.countSince('login-address', '127.0.0.1', new Date(0))).count).toBe(1);
        expect((await failures.countSince('login-account', 'a@b.es', new Date(0))).count).toBe(0);
        expect((await failures.reserve(rules.slice(1), at(0))).ok).toBe(true);
        expect((await failures.reserve(rules, at(5))).ok).toBe(true);
        // The address is full: nothing is recorded, not even under the account's rule.
        expect(await failures.reserve(rules, at(6))).toEqual({
          ok: false,
          retryAt: at(15),
          scope: 'login-address',
          blocked: [{ scope: 'login-address', key: '127.0.0.1', retryAt: at(15) }],
        });
        expect((await failures.countSince('login-account', 'a@b.es', new Date(0))).count).toBe(2);
        // At 15 minutes the first attempt leaves the window (strictly after now - window counts).
        expect((await failures.reserve(rules, at(15))).ok).toBe(true);
        expect((await failures.reserve([rule('login-account', 'a@b.es', 3)], at(16))).ok).toBe(true);
        // The account's window (10:02–10:17) now holds 10:05, 10:15 and 10:16: the next frees up at 10:20.
        expect(await failures.reserve([rule('login-account', 'a@b.es', 3)], at(17))).toMatchObject({
          ok: false,
          retryAt: at(20),
          scope: 'login-account',
        });
      });

      it('gives a reservation back, clears a key and prunes old rows', async () => {
        const failures = store.repos.authFailures;
        const now = new Date('2026-11-22T10:00:00Z');
        const granted = await failures.reserve([rule('login-address', '127.0.0.2', 1)], now);
        if (!granted.ok) throw new Error('expected a reservation');
        expect((await failures.reserve([rule('login-address', '127.0.0.2', 1)], now)).ok).toBe(false);
        await failures.release(granted.ids);
        expect((await failures.reserve([rule('login-address', '127.0.0.2', 1)], now)).ok).toBe(true);
        await failures.clear('login-address', '127.0.0.2');
        expect((await failures.countSince('login-address', '127.0.0.2', new Date(0))).count).toBe(0);
        await failures.reserve([rule('login-account', 'x@y.es', 5)], now);
        expect(await failures.pruneBefore(new Date(now.getTime() + 1))).toBe(1);
        // A sign-in that succeeds: its reservation back and the pair's earlier misses forgotten, in one call.
        await failures.reserve([rule('login-address', '127.0.0.3', 5)], now);
        await failures.reserve([rule('login-address', '127.0.0.3', 5)], now);
        const other = await failures.reserve([rule('login-account', 'z@y.es', 5)], now);
        const signIn = await failures.reserve([rule('login-address', '127.0.0.4', 5), rule('login-account', 'z@y.es', 5)], now);
        if (!other.ok || !signIn.ok) throw new Error('expected reservations');
        await failures.release(signIn.ids, { scope: 'login-address', key: '127.0.0.3' });
        expect((await failures.countSince('login-address', '127.0.0.3', new Date(0))).count).toBe(0);
        expect((await failures.countSince('login-address', '127.0.0.4', new Date(0))).count).toBe(0);
        expect((await failures.countSince('login-account', 'z@y.es', new Date(0))).count).toBe(1);
        await failures.release([], { scope: 'login-account', key: 'z@y.es' });
        expect((await failures.countSince('login-account', 'z@y.es', new Date(0))).count).toBe(0);
      });
    });

    describe('quotas repository', async () => {
      it('counts at several moments in one read what countSince counts at each', async () => {
        await addUser();
        const base = new Date('2026-11-22T10:00:00Z').getTime();
        const at = (hours: number) => new Date(base + hours * 3_600_000);
        const coaching = store.repos.coaching;
        await coaching.insertConversation({ id: 'c1', userId: 'u1', kind: 'chat', title: 'Hola', status: 'active', createdAt: at(-30), updatedAt: at(0) });
        for (const [i, hours] of [-30, -20, -5, -1, 0].entries()) {
          await coaching.insertMessage({
            id: `m${i}`,
            conversationId: 'c1',
            userId: 'u1',
            role: 'user',
            content: 'hola',
            replyTo: null,
            stage: null,
            flagged: false,
            stopped: false,
            createdAt: at(hours),
          });
          await coaching.insertMessage({
            id: `a${i}`,
            conversationId: 'c1',
            userId: 'u1',
            role: 'assistant',
            content: 'hola',
            replyTo: `m${i}`,
            stage: null,
            flagged: false,
            stopped: false,
            createdAt: at(hours),
          });
          await coaching.insertJournalEntry({
            id: `j${i}`,
            userId: 'u1',
            title: 't',
            body: 'b',
            mood: null,
            prompt: null,
            source: 'manual',
            conversationId: null,
            wordCount: 1,
            createdAt: at(hours),
          });
        }
        const quotas = store.repos.quotas;
        const moments = [at(-6), at(-24), at(-1), at(1)];
        for (const kind of ['messages', 'journalEntries'] as const) {
          const each = await Promise.all(moments.map((moment) => quotas.countSince(kind, 'u1', moment)));
          expect(each).toEqual([3, 4, 2, 0]);
          expect(await quotas.countsSince(kind, 'u1', moments)).toEqual(each);
        }
        expect(await quotas.countsSince('messages', 'u1', [])).toEqual([]);
      });
    });

    describe('coaching repository: touching a conversation after a turn', async () => {
      it('sets the time and the stage, and nothing else', async () => {
        await addUser();
        const coaching = store.repos.coaching;
        const created = new Date('2026-11-22T09:00:00Z');
        await coaching.insertConversation({
          id: 'c1',
          userId: 'u1',
          kind: 'session',
          title: 'Sesión',
          status: 'active',
          stage: 'check-in',
          summary: null,
          awarded: false,
          createdAt: created,
          updatedAt: created,
        });
        const later = new Date('2026-11-22T09:05:00Z');
        await coaching.touchConversation('c1', later, 'goal');
        expect(await coaching.findConversation('c1')).toMatchObject({
          updatedAt: later,
          stage: 'goal',
          title: 'Sesión',
          status: 'active',
          createdAt: created,
        });
        await coaching.touchConversation('c1', new Date('2026-11-22T09:06:00Z'), null);
        expect((await coaching.findConversation('c1'))?.stage).toBeNull();
      });
    });
  });
});
