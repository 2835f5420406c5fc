import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../src/trpc/app-router'; // outside the repo: '@ascenso/api/router'

export async function signInAndAskWhoAmI(base = 'http://localhost:3000') {
  let cookie = '';
  const api = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${base}/api/trpc`,
        transformer: superjson,
        headers: () => ({ origin: base, cookie }),
        fetch: async (url, init) => {
          const res = await fetch(url, init);
          cookie = res.headers.get('set-cookie')?.split(';')[0] ?? cookie;
          return res;
        },
      }),
    ],
  });
  await api.auth.login.mutate({ email: 'demo@ascenso.local', password: 'Ascenso-demo-2026' });
  return api.auth.me.query(); // → { id, firstName: 'Lucía', ... }
}
