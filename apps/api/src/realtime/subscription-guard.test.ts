import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { AuthState, Context } from '../trpc/context';
import { callsInFlight, guardSocketCall, trackSocketSubscriptions } from './subscription-guard';

/** The part of a context the guard reads: the transport, the socket's AuthState and the cap. */
function socketContext(transport: 'ws' | 'http', callsInFlightCap: number) {
  const auth = { user: { id: 'u1' }, session: { id: 's1', expiresAt: new Date() } } as unknown as AuthState;
  if (transport === 'ws') trackSocketSubscriptions(auth);
  const ctx = { transport, auth, deps: { config: { realtime: { callsInFlight: callsInFlightCap } } } } as unknown as Context;
  return { ctx, auth };
}

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('guardSocketCall', () => {
  it('runs at most the cap of calls at once on one socket; one more is TOO_MANY_REQUESTS; a finished call frees its slot', async () => {
    const { ctx, auth } = socketContext('ws', 2);
    const first = deferred();
    const second = deferred();
    const a = guardSocketCall(ctx, () => first.promise);
    const b = guardSocketCall(ctx, () => second.promise);
    expect(callsInFlight(auth)).toBe(2);
    const refused = guardSocketCall(ctx, async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(TRPCError);
    await expect(refused).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    first.resolve('uno');
    await expect(a).resolves.toBe('uno');
    expect(callsInFlight(auth)).toBe(1);
    // A failed call frees its slot too.
    second.reject(new Error('falló'));
    await expect(b).rejects.toThrow('falló');
    expect(callsInFlight(auth)).toBe(0);
    await expect(guardSocketCall(ctx, async () => 'otra')).resolves.toBe('otra');
  });

  it('leaves HTTP calls alone (each request has its connection, batches are capped by the adapter)', async () => {
    const { ctx } = socketContext('http', 1);
    const held = deferred();
    const pending = guardSocketCall(ctx, () => held.promise);
    await expect(guardSocketCall(ctx, async () => 'libre')).resolves.toBe('libre');
    held.resolve('fin');
    await expect(pending).resolves.toBe('fin');
  });
});
