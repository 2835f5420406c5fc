import { describe, expect, it } from 'vitest';
import { createPasswordWork } from './password-work';

/** A task that finishes when the test says so, recording when it started. */
function gate(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<string>((resolve) => (finish = () => resolve(name)));
  return { task: () => (started.push(name), done), finish: () => finish() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the Argon2 work queue', () => {
  it('runs at most maxConcurrent at once, and serves waiting clients in turn', async () => {
    const work = createPasswordWork({ maxConcurrent: 1, perClientConcurrent: 2, perClientQueued: 4, maxQueued: 100 });
    const started: string[] = [];
    const a = Array.from({ length: 4 }, (_, i) => gate(started, `a${i}`));
    const b = gate(started, 'b0');
    const runs = [...a.map((g) => work.run('A', g.task)), work.run('B', b.task)];
    await settle();
    expect(started).toEqual(['a0']);
    expect(work.load()).toEqual({ running: 1, waiting: 4, clients: 2, accountChanges: 0 });
    a[0]?.finish();
    await settle();
    a[1]?.finish();
    await settle();
    // A was waiting before B arrived: A's next task, then B's, then A's others. A flood delays a
    // bystander by one task per busy client, not by the whole flood.
    expect(started).toEqual(['a0', 'a1', 'b0']);
    b.finish();
    for (const g of a.slice(2)) {
      await settle();
      g.finish();
    }
    expect(await Promise.all(runs)).toEqual(['a0', 'a1', 'a2', 'a3', 'b0']);
    expect(work.load()).toEqual({ running: 0, waiting: 0, clients: 0, accountChanges: 0 });
  });

  it('refuses a client past its share at once (RATE_LIMITED, retry after 1 s); others still get in', async () => {
    const work = createPasswordWork({ maxConcurrent: 4, perClientConcurrent: 2, perClientQueued: 1, maxQueued: 100 });
    const started: string[] = [];
    const gates = Array.from({ length: 3 }, (_, i) => gate(started, `a${i}`));
    const runs = gates.map((g) => work.run('A', g.task));
    expect(() => work.admit('A')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } }));
    await expect(work.run('A', async () => 'x')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await settle();
    expect(started).toEqual(['a0', 'a1']);
    expect(await work.run('B', async () => 'b')).toBe('b');
    for (const g of gates) g.finish();
    await Promise.all(runs);
  });

  it('never gives one address every slot: with two, a bystander starts at once', async () => {
    const work = createPasswordWork({ maxConcurrent: 2, perClientConcurrent: 2, perClientQueued: 4, maxQueued: 100 });
    const started: string[] = [];
    const a = Array.from({ length: 3 }, (_, i) => gate(started, `a${i}`));
    const b = gate(started, 'b0');
    const runs = a.map((g) => work.run('A', g.task));
    await settle();
    expect(started).toEqual(['a0']);
    const bystander = work.run('B', b.task);
    await settle();
    expect(started).toEqual(['a0', 'b0']);
    b.finish();
    for (const g of a) {
      g.finish();
      await settle();
    }
    await Promise.all([...runs, bystander]);
  });

  it('a cancelled ticket gives its place back; a failing task frees its slot', async () => {
    const work = createPasswordWork({ maxConcurrent: 1, perClientConcurrent: 1, perClientQueued: 0, maxQueued: 100 });
    const ticket = work.admit('A');
    expect(() => work.admit('A')).toThrow();
    ticket.cancel();
    expect(work.load()).toEqual({ running: 0, waiting: 0, clients: 0, accountChanges: 0 });
    await expect(work.run('A', () => Promise.reject(new Error('argon2 failed')))).rejects.toThrow('argon2 failed');
    expect(await work.run('A', async () => 'again')).toBe('again');
  });

  it('caps the waiting tasks of all clients together', () => {
    const work = createPasswordWork({ maxConcurrent: 1, perClientConcurrent: 1, perClientQueued: 5, maxQueued: 2 });
    work.admit('A');
    work.admit('B');
    expect(() => work.admit('C')).toThrow(expect.objectContaining({ code: 'RATE_LIMITED' }));
  });

  it('holds at most maxAccountChanges account changes at once, whatever their addresses; the next is refused at once', async () => {
    const work = createPasswordWork({ maxConcurrent: 2, perClientConcurrent: 1, perClientQueued: 4, maxQueued: 200, maxAccountChanges: 2 });
    const started: string[] = [];
    const a = gate(started, 'A');
    const b = gate(started, 'B');
    const first = work.accountChange(() => work.run('127.0.1.1', a.task));
    const second = work.accountChange(() => work.run('127.0.1.2', b.task));
    await settle();
    expect(work.load().accountChanges).toBe(2);
    await expect(work.accountChange(() => work.run('127.0.1.3', async () => 'C'))).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 1 },
    });
    // A sign-in is not an account change: it still gets its turn.
    const signIn = work.run('127.0.0.3', async () => 'sign-in');
    a.finish();
    b.finish();
    expect(await Promise.all([first, second, signIn])).toEqual(['A', 'B', 'sign-in']);
    expect(work.load().accountChanges).toBe(0);
    // A failing change frees its place too.
    await expect(work.accountChange(() => Promise.reject(new Error('mal')))).rejects.toThrow('mal');
    expect(work.load().accountChanges).toBe(0);
  });
});
