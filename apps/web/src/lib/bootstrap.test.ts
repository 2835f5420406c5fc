import type { AppRouter } from '@ascenso/api/router';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { bootstrapData, readBootstrap, seedQueryCache, type BootstrapState } from './bootstrap';

/** A stand-in for `document` holding one `<script id="ascenso-bootstrap">` with `text`. */
function docWith(text: string | null): Document {
  return {
    getElementById: (id: string) => (id === 'ascenso-bootstrap' && text !== null ? { textContent: text } : null),
  } as unknown as Document;
}

const USER = {
  id: 'u1',
  firstName: '</script><b>Lucía</b>',
  lastName: null,
  email: 'l@x.es',
  role: 'user',
  timezone: 'Europe/Madrid',
};
const STATE: BootstrapState = {
  v: 1,
  queries: [
    { path: 'auth.me', data: superjson.serialize(USER) },
    {
      path: 'assessment.status',
      data: superjson.serialize({
        completed: true,
        completedAt: new Date('2026-11-20T10:00:00Z'),
        inProgress: false,
        currentSection: null,
      }),
    },
  ],
};

describe('readBootstrap', () => {
  it('reads the JSON the server injected', () => {
    expect(readBootstrap(docWith(JSON.stringify(STATE)))).toEqual(STATE);
  });

  it('is undefined when absent, malformed or of another version (the app then asks the server)', () => {
    expect(readBootstrap(docWith(null))).toBeUndefined();
    expect(readBootstrap(docWith('{nope'))).toBeUndefined();
    expect(readBootstrap(docWith('null'))).toBeUndefined();
    expect(readBootstrap(docWith(JSON.stringify({ v: 2, queries: [] })))).toBeUndefined();
  });
});

/** The app's client (never called here) and the options proxy the screens use for their keys. */
function setupCache() {
  const queryClient = createQueryClient();
  const client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: 'http://localhost/api/trpc', transformer: superjson })],
  });
  return { queryClient, client, trpc: createTRPCOptionsProxy<AppRouter>({ client, queryClient }) };
}

describe('seedQueryCache', () => {
  it('stores each answer under the key tRPC uses, decoded (dates included), and fresh', () => {
    const { queryClient, client, trpc } = setupCache();
    seedQueryCache(queryClient, client, STATE);
    expect(queryClient.getQueryData(trpc.auth.me.queryKey())).toEqual(USER);
    // The very key the screens' `trpc.auth.me.queryOptions()` read.
    expect(queryClient.getQueryData(trpc.auth.me.queryOptions().queryKey)).toEqual(USER);
    const status = queryClient.getQueryData(trpc.assessment.status.queryKey());
    expect(status?.completedAt).toBeInstanceOf(Date);
    expect(queryClient.getQueryState(trpc.auth.me.queryKey())?.isInvalidated).toBe(false);
  });

  it('keeps a signed-out answer (null) and ignores what it cannot decode and paths that are not first-screen queries', () => {
    const { queryClient, client, trpc } = setupCache();
    const state: BootstrapState = {
      v: 1,
      queries: [
        { path: 'auth.me', data: { json: null } },
        { path: 'activities.stats', data: 'garbage' },
        { path: 'profile.get', data: superjson.serialize({ x: 1 }) },
      ],
    };
    seedQueryCache(queryClient, client, state);
    expect(queryClient.getQueryData(trpc.auth.me.queryKey())).toBeNull();
    expect(queryClient.getQueryState(trpc.activities.stats.queryKey())).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1);
    expect(bootstrapData(state, 'missing.path')).toBeUndefined();
  });
});
