import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, createTestDb, type DbHandle } from './client';
import { createSqliteStore } from './sqlite-store';
import { StoreMisuseError, type Store } from './store';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function open(options: { detectMisuse?: boolean; handle?: DbHandle } = {}): { store: Store; handle: DbHandle } {
  const handle = options.handle ?? createTestDb();
  cleanups.push(() => {
    if (handle.sqlite.open) handle.close();
  });
  return { store: createSqliteStore(handle, { detectMisuse: options.detectMisuse ?? true }), handle };
}

const user = (id: string) => ({ id, email: `${id}@ejemplo.es`, passwordHash: 'h', firstName: 'Ana' });
/** Lets every queued microtask and immediate run (a request arriving while a transaction awaits). */
const tick = () => new Promise((resolve) => setImmediate(resolve));

// The Store contract on both dialects is in store.test.ts; these are the SQLite store's own mechanics
// (one connection behind a gate, synchronous pragmas).
describe('SQLite store: transactions (SQLite-only: the gate and pragmas)', () => {
  it('holds root calls back while a transaction awaits, then runs them after its commit', async () => {
    const { store, handle } = open();
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const running = store.transaction(async (tx) => {
      await tx.users.insert(user('u1'));
      order.push('inserted');
      await paused; // another request's turn comes while this one awaits
      order.push('commit');
    });
    await tick();
    expect(handle.sqlite.inTransaction).toBe(true);
    const counted = store.repos.users.count().then((n) => {
      order.push(`count ${n}`);
      return n;
    });
    await tick();
    expect(order).toEqual(['inserted']); // the root read did not join the open transaction
    release();
    expect(await counted).toBe(1);
    await running;
    expect(order).toEqual(['inserted', 'commit', 'count 1']);
  });

  it('serialises transactions: read-modify-write with awaits in between loses no update', async () => {
    const { store } = open();
    await store.repos.users.insert(user('u1'));
    const bump = () =>
      store.transaction(async (tx) => {
        const before = await tx.steps.total('u1');
        await tick();
        await tx.steps.addToTotal('u1', 1);
        return before;
      });
    const seen = await Promise.all(Array.from({ length: 20 }, bump));
    expect(await store.repos.steps.total('u1')).toBe(20);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('runs the root calls queued before a transaction before it, in order', async () => {
    const { store } = open();
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const first = store.transaction(async (tx) => {
      await tx.users.insert(user('u1'));
      await paused;
    });
    await tick();
    const read = store.repos.users.count();
    const second = store.transaction(async (tx) => {
      await tx.users.insert(user('u2'));
    });
    const readAfter = store.repos.users.count();
    release();
    await Promise.all([first, second]);
    expect(await read).toBe(1);
    expect(await readAfter).toBe(2);
  });

  it('refuses root repositories and nested transactions inside a callback instead of waiting forever', async () => {
    const { store } = open({ detectMisuse: true });
    await expect(store.transaction(async () => store.repos.users.count())).rejects.toThrow(StoreMisuseError);
    await expect(store.transaction(async () => store.transaction(async () => 1))).rejects.toThrow(/transactions do not nest/);
    // The gate was released both times.
    expect(await store.repos.users.count()).toBe(0);
  });

  it('commits conversation turns with synchronous=NORMAL and restores FULL, also when the turn fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ascenso-store-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const { store, handle } = open({ handle: createDb({ file: join(dir, 'app.db') }) });
    const level = () => Number(handle.sqlite.pragma('synchronous', { simple: true }));
    expect(level()).toBe(2);
    let inside = -1;
    expect(await store.transaction(async () => ((inside = level()), 'ok'), { durability: 'turn' })).toBe('ok');
    expect(inside).toBe(1);
    expect(level()).toBe(2);
    let plain = -1;
    await store.transaction(async () => {
      plain = level();
    });
    expect(plain).toBe(2);
    await expect(
      store.transaction(
        async (tx) => {
          await tx.users.insert(user('u1'));
          throw new Error('boom');
        },
        { durability: 'turn' },
      ),
    ).rejects.toThrow('boom');
    expect(level()).toBe(2);
    expect(await store.repos.users.count()).toBe(0);
    await store.close();
  });

  it('answers ping, and closes after the open transaction', async () => {
    const { store, handle } = open();
    expect(await store.ping()).toBe(true);
    let release!: () => void;
    const paused = new Promise<void>((resolve) => (release = resolve));
    const running = store.transaction(async (tx) => {
      await paused;
      await tx.users.insert(user('u1'));
    });
    const closed = store.close();
    await tick();
    expect(handle.sqlite.open).toBe(true);
    release();
    await running;
    await closed;
    expect(handle.sqlite.open).toBe(false);
  });
});
