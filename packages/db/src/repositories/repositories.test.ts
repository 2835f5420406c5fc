import { beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type DbHandle } from '../client';
import { createAuthFailuresRepository } from './auth-failures';
import { createSessionsRepository } from './sessions';
import { createUsersRepository } from './users';

let handle: DbHandle;
beforeEach(() => {
  handle = createTestDb();
});

function addUser(email = 'ana@ejemplo.es', id = 'u1') {
  const users = createUsersRepository(handle.db);
  return users.insert({ id, email, passwordHash: 'h', firstName: 'Ana' });
}

describe('users repository', () => {
  it('inserts and finds by e-mail and id, with defaults', () => {
    const created = addUser();
    expect(created).toMatchObject({ id: 'u1', role: 'user', timezone: 'Europe/Madrid', lastName: null });
    const users = createUsersRepository(handle.db);
    expect(users.findByEmail('ana@ejemplo.es')?.id).toBe('u1');
    expect(users.findById('u1')?.email).toBe('ana@ejemplo.es');
    expect(users.findById('nope')).toBeUndefined();
    expect(users.count()).toBe(1);
  });

  it('returns undefined instead of throwing when the e-mail is taken', () => {
    addUser();
    expect(addUser('ana@ejemplo.es', 'u2')).toBeUndefined();
    expect(createUsersRepository(handle.db).count()).toBe(1);
  });
});

describe('sessions repository', () => {
  it('stores, finds with the user, touches and deletes', () => {
    addUser();
    const sessions = createSessionsRepository(handle.db);
    const t0 = new Date('2026-11-22T10:00:00Z');
    sessions.insert({ id: 's1', secretHash: Buffer.alloc(32, 1), userId: 'u1', createdAt: t0, lastVerifiedAt: t0 });
    const found = sessions.findWithUser('s1');
    expect(found?.user.firstName).toBe('Ana');
    expect(Buffer.compare(found!.session.secretHash, Buffer.alloc(32, 1))).toBe(0);

    const t1 = new Date('2026-11-22T12:00:00Z');
    sessions.touch('s1', t1);
    expect(sessions.findWithUser('s1')?.session.lastVerifiedAt.getTime()).toBe(t1.getTime());
    expect(sessions.delete('s1')).toBe(true);
    expect(sessions.delete('s1')).toBe(false);
    expect(sessions.findWithUser('s1')).toBeUndefined();
  });

  it('deletes all of a user’s sessions but the kept one, and expired ones', () => {
    addUser();
    const sessions = createSessionsRepository(handle.db);
    const old = new Date('2026-01-01T00:00:00Z');
    const recent = new Date('2026-11-22T00:00:00Z');
    sessions.insert({ id: 'a', secretHash: Buffer.alloc(32), userId: 'u1', createdAt: old, lastVerifiedAt: old });
    sessions.insert({ id: 'b', secretHash: Buffer.alloc(32), userId: 'u1', createdAt: recent, lastVerifiedAt: recent });
    sessions.insert({ id: 'c', secretHash: Buffer.alloc(32), userId: 'u1', createdAt: recent, lastVerifiedAt: recent });
    expect(sessions.deleteExpired(new Date('2026-06-01T00:00:00Z'), new Date('2026-06-01T00:00:00Z'))).toEqual([{ id: 'a', userId: 'u1' }]);
    expect(sessions.deleteForUser('u1', 'c')).toEqual(['b']);
    expect(sessions.findWithUser('c')).toBeDefined();
  });

  it('cascades when the user is deleted', () => {
    addUser();
    const sessions = createSessionsRepository(handle.db);
    const t = new Date();
    sessions.insert({ id: 's', secretHash: Buffer.alloc(32), userId: 'u1', createdAt: t, lastVerifiedAt: t });
    handle.sqlite.prepare('delete from users where id = ?').run('u1');
    expect(sessions.findWithUser('s')).toBeUndefined();
  });
});

describe('auth failures repository (attempt reservations)', () => {
  const rule = (scope: 'login-address' | 'login-account', key: string, max: number) => ({
    scope,
    key,
    max,
    windowMs: 15 * 60_000,
  });

  it('reserves under every rule or none, over a sliding window, and says when the first slot frees up', () => {
    const failures = createAuthFailuresRepository(handle.db);
    const base = new Date('2026-11-22T10:00:00Z').getTime();
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const rules = [rule('login-address', '127.0.0.1', 2), rule('login-account', 'a@b.es', 3)];
    expect(failures.reserve(rules, at(0))).toMatchObject({ ok: true, ids: [expect.any(Number), expect.any(Number)] });
    expect(failures.reserve(rules, at(5)).ok).toBe(true);
    // The address is full: nothing is recorded, not even under the account's rule.
    expect(failures.reserve(rules, at(6))).toEqual({
      ok: false,
      retryAt: at(15),
      scope: 'login-address',
      blocked: [{ scope: 'login-address', key: '127.0.0.1', retryAt: at(15) }],
    });
    expect(failures.countSince('login-account', 'a@b.es', new Date(0)).count).toBe(2);
    // At 15 minutes the first attempt leaves the window (strictly after now - window counts).
    expect(failures.reserve(rules, at(15)).ok).toBe(true);
    expect(failures.reserve([rule('login-account', 'a@b.es', 3)], at(16)).ok).toBe(true);
    // The account's window (10:02–10:17) now holds 10:05, 10:15 and 10:16: the next frees up at 10:20.
    expect(failures.reserve([rule('login-account', 'a@b.es', 3)], at(17))).toMatchObject({
      ok: false,
      retryAt: at(20),
      scope: 'login-account',
    });
  });

  it('gives a reservation back, clears a key and prunes old rows', () => {
    const failures = createAuthFailuresRepository(handle.db);
    const now = new Date('2026-11-22T10:00:00Z');
    const granted = failures.reserve([rule('login-address', '127.0.0.2', 1)], now);
    if (!granted.ok) throw new Error('expected a reservation');
    expect(failures.reserve([rule('login-address', '127.0.0.2', 1)], now).ok).toBe(false);
    failures.release(granted.ids);
    expect(failures.reserve([rule('login-address', '127.0.0.2', 1)], now).ok).toBe(true);
    failures.clear('login-address', '127.0.0.2');
    expect(failures.countSince('login-address', '127.0.0.2', new Date(0)).count).toBe(0);
    failures.reserve([rule('login-account', 'x@y.es', 5)], now);
    expect(failures.pruneBefore(new Date(now.getTime() + 1))).toBe(1);
  });
});

describe('coaching repository: touching a conversation after a turn', () => {
  it('sets the time and the stage, and nothing else', async () => {
    const { createCoachingRepository } = await import('./coaching');
    addUser();
    const coaching = createCoachingRepository(handle.db);
    const created = new Date('2026-11-22T09:00:00Z');
    coaching.insertConversation({
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
    coaching.touchConversation('c1', later, 'goal');
    expect(coaching.findConversation('c1')).toMatchObject({
      updatedAt: later,
      stage: 'goal',
      title: 'Sesión',
      status: 'active',
      createdAt: created,
    });
    coaching.touchConversation('c1', new Date('2026-11-22T09:06:00Z'), null);
    expect(coaching.findConversation('c1')?.stage).toBeNull();
  });
});
