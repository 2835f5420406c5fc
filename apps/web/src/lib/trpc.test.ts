import type { AppRouter } from '@ascenso/api/router';
import type { Operation, OperationResultEnvelope, TRPCClientError, TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { lazyLink } from './trpc';

type Result = OperationResultEnvelope<unknown, TRPCClientError<AppRouter>>;

/** A terminating link that answers each operation with its path, and records what it was asked. */
function echoLink(started: string[], stopped: string[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable<Result, TRPCClientError<AppRouter>>((observer) => {
        started.push(op.path);
        observer.next({ result: { type: 'data', data: `eco:${op.path}` } });
        return () => stopped.push(op.path);
      });
}

const operation = (id: number, path: string): Operation => ({
  id,
  type: 'subscription',
  path,
  input: undefined,
  context: {},
  signal: null,
});

/** Runs one operation through the link; what it emitted, and its unsubscribe. */
function run(link: ReturnType<TRPCLink<AppRouter>>, op: Operation) {
  const data: unknown[] = [];
  const errors: unknown[] = [];
  const subscription = link({ op, next: () => observable(() => undefined) }).subscribe({
    next: (value) => data.push(value.result.type === 'data' ? value.result.data : value.result.type),
    error: (error) => errors.push(error),
  });
  return { data, errors, unsubscribe: () => subscription.unsubscribe() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyLink (the WebSocket link, loaded with the first subscription)', () => {
  it('loads the link once, on the first operation; every operation then goes through it', async () => {
    const started: string[] = [];
    const stopped: string[] = [];
    let loads = 0;
    const link = lazyLink(async () => {
      loads += 1;
      return echoLink(started, stopped);
    })({} as never);
    expect(loads).toBe(0);
    const first = run(link, operation(1, 'activities.onStepsChanged'));
    const second = run(link, operation(2, 'coaching.reply'));
    expect(first.data).toEqual([]);
    await settle();
    expect(loads).toBe(1);
    expect(first.data).toEqual(['eco:activities.onStepsChanged']);
    expect(second.data).toEqual(['eco:coaching.reply']);
    second.unsubscribe();
    expect(stopped).toEqual(['coaching.reply']);
    run(link, operation(3, 'journaling.reply'));
    await settle();
    expect(loads).toBe(1);
    expect(started).toEqual(['activities.onStepsChanged', 'coaching.reply', 'journaling.reply']);
  });

  it('an operation cancelled while the link loads never starts', async () => {
    const started: string[] = [];
    const link = lazyLink(async () => echoLink(started, []))({} as never);
    run(link, operation(1, 'activities.onStepsChanged')).unsubscribe();
    await settle();
    expect(started).toEqual([]);
  });

  it('a failed load fails the waiting operations as tRPC errors, and the next operation loads it again', async () => {
    const started: string[] = [];
    let loads = 0;
    const link = lazyLink(async () => {
      loads += 1;
      if (loads === 1) throw new Error('sin red');
      return echoLink(started, []);
    })({} as never);
    const failed = run(link, operation(1, 'activities.onStepsChanged'));
    await settle();
    expect(failed.errors).toHaveLength(1);
    expect((failed.errors[0] as Error).name).toBe('TRPCClientError');
    expect((failed.errors[0] as Error).message).toBe('sin red');
    const retried = run(link, operation(2, 'activities.onStepsChanged'));
    await settle();
    expect(loads).toBe(2);
    expect(retried.data).toEqual(['eco:activities.onStepsChanged']);
  });
});

describe('httpLinks (queries and mutations over HTTP)', () => {
  /** A fetch that records each request and answers every call in it with `null`. */
  function recordingFetch(seen: string[]): typeof fetch {
    return async (input) => {
      const url = String(input);
      seen.push(url);
      const batch = new URL(url, 'http://localhost').searchParams.get('batch') === '1';
      const calls = decodeURIComponent(new URL(url, 'http://localhost').pathname.replace('/api/trpc/', '')).split(',');
      const body = batch ? calls.map(() => ({ result: { data: { json: null } } })) : { result: { data: { json: null } } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    };
  }

  it('sends every auth.* call alone and batches the rest, at most 10 per request', async () => {
    const { createTRPCClient } = await import('@trpc/client');
    const { httpLinks, MAX_BATCH_ITEMS } = await import('./trpc');
    const seen: string[] = [];
    const client = createTRPCClient<AppRouter>({ links: [httpLinks('/api/trpc', recordingFetch(seen))] });
    await Promise.all([
      client.auth.login.mutate({ email: 'a@b.es', password: 'x' }),
      client.auth.login.mutate({ email: 'a@b.es', password: 'y' }),
      client.auth.me.query(),
      ...Array.from({ length: 12 }, () => client.health.query()),
    ]);
    const auth = seen.filter((url) => url.includes('auth.'));
    expect(auth).toHaveLength(3);
    for (const url of auth) {
      expect(url).not.toContain('batch=1');
      expect(url).not.toContain(',');
    }
    const batches = seen.filter((url) => url.includes('health'));
    expect(batches.map((url) => decodeURIComponent(url.split('?')[0] ?? '').split(',').length).sort((a, b) => a - b)).toEqual([2, MAX_BATCH_ITEMS]);
    expect(batches.every((url) => url.includes('batch=1'))).toBe(true);
  });
});
