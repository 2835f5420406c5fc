import type { Context as HonoContext } from 'hono';
import type { Deps } from '../deps';
import { createCaller } from '../trpc/app-router';
import { transformer } from '../trpc/transformer';
import type { HomeRenderer } from './home-renderer';
import { requestContext } from './request-meta';
import type { WebBootstrap } from './static';
import type { AppEnv } from './types';

/** One query answer the web app seeds into its cache: tRPC path, and the data as the wire sends it. */
export type BootstrapQuery = { path: string; data: unknown };

/** What `<script id="ascenso-bootstrap">` holds (read by apps/web/src/lib/bootstrap.ts). */
export type BootstrapState = { v: 1; queries: BootstrapQuery[] };

type Caller = ReturnType<typeof createCaller>;

/**
 * The queries every signed-in screen starts with (the route gate and the header's step counter), and
 * those Home adds. All take no input; each answer is sent as tRPC would (superjson), so the client
 * stores exactly what its own request would have given.
 */
const MEMBER_QUERIES: Array<[string, (caller: Caller) => Promise<unknown>]> = [
  ['activities.stats', (caller) => caller.activities.stats()],
];
const HOME_QUERIES: Array<[string, (caller: Caller) => Promise<unknown>]> = [
  ['meditations.today', (caller) => caller.meditations.today()],
  ['dailyPlan.today', (caller) => caller.dailyPlan.today()],
  ['assessment.profile', (caller) => caller.assessment.profile()],
  ['activities.catalogue', (caller) => caller.activities.catalogue()],
];

/**
 * The app shell's bootstrap (serveWebApp's `bootstrap` option): reads the session from the cookie
 * exactly like a tRPC request (same context, same procedures through createCaller), and answers the
 * queries the page would otherwise send before its first render: `auth.me` for everyone; for a
 * signed-in user `assessment.status` and the step stats, and on `/` with a completed assessment
 * Home's queries too. A query that fails is left out: the web app then asks for it as usual.
 *
 * With a `homeRenderer` (the web build's server entry), a member's Home also comes rendered: the
 * markup the browser's first render makes from this same state, which it then hydrates.
 */
export function webBootstrap(
  deps: Deps,
  homeRenderer?: HomeRenderer,
): (c: HonoContext<AppEnv>) => Promise<WebBootstrap> {
  return async (c) => {
    const responseHeaders = new Headers();
    const ctx = requestContext(deps, c, responseHeaders);
    const caller = createCaller(ctx);
    const queries: BootstrapQuery[] = [];
    const answer = async (path: string, run: () => Promise<unknown>): Promise<unknown> => {
      try {
        const data = await run();
        queries.push({ path, data: transformer.serialize(data) });
        return data;
      } catch {
        return undefined;
      }
    };

    const me = await answer('auth.me', () => caller.auth.me());
    let audience = 'visitor';
    let home = false;
    if (me) {
      const status = (await answer('assessment.status', () => caller.assessment.status())) as
        { completed?: boolean } | undefined;
      audience = status?.completed ? 'member' : 'pending';
      home = audience === 'member' && c.req.path === '/';
      await Promise.all(
        [...MEMBER_QUERIES, ...(home ? HOME_QUERIES : [])].map(([path, run]) => answer(path, () => run(caller))),
      );
    }
    const state: BootstrapState = { v: 1, queries };
    const serverPage = home && homeRenderer ? await homeRenderer.render(state) : undefined;
    return { audience, state, setCookies: responseHeaders.getSetCookie(), ...(serverPage ? { serverPage } : {}) };
  };
}
