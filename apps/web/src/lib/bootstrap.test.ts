import type { AppRouter } from '@ascenso/api/router';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { bootstrapData, readBootstrap, seedQueryCache, trpcQueryKey, type BootstrapState } from './bootstrap';

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

describe('seedQueryCache', () => {
  it('stores each answer under the key tRPC uses, decoded (dates included), and fresh', () => {
    const queryClient = createQueryClient();
    seedQueryCache(queryClient, STATE);
    const trpc = createTRPCOptionsProxy<AppRouter>({
      client: createTRPCClient<AppRouter>({
        links: [httpBatchLink({ url: 'http://localhost/api/trpc', transformer: superjson })],
      }),
      queryClient,
    });
    expect(trpc.auth.me.queryKey()).toEqual(trpcQueryKey('auth.me'));
    expect(queryClient.getQueryData(trpc.auth.me.queryKey())).toEqual(USER);
    const status = queryClient.getQueryData(trpc.assessment.status.queryKey());
    expect(status?.completedAt).toBeInstanceOf(Date);
    expect(queryClient.getQueryState(trpc.auth.me.queryKey())?.isInvalidated).toBe(false);
  });

  it('keeps a signed-out answer (null) and ignores what it cannot decode', () => {
    const queryClient = createQueryClient();
    const state: BootstrapState = {
      v: 1,
      queries: [
        { path: 'auth.me', data: { json: null } },
        { path: 'x.y', data: 'garbage' },
      ],
    };
    seedQueryCache(queryClient, state);
    expect(queryClient.getQueryData(trpcQueryKey('auth.me'))).toBeNull();
    expect(bootstrapData(state, 'missing.path')).toBeUndefined();
  });
});
