import { FIRST_SCREEN_QUERIES, type BootstrapQuery, type BootstrapState, type FirstScreenQueryPath } from '@ascenso/domain/bootstrap';
import type { Context as HonoContext } from 'hono';
import type { Deps } from '../deps';
import { createCaller } from '../trpc/app-router';
import { transformer } from '../trpc/transformer';
import type { HomeRenderer } from './home-renderer';
import { requestContext } from './request-meta';
import type { WebBootstrap } from './static';
import type { AppEnv } from './types';

type Caller = ReturnType<typeof createCaller>;

/**
 * Each first-screen query (packages/domain/src/bootstrap.ts) with its procedure. All take no input; each
 * answer is sent as tRPC would (superjson), so the client stores exactly what its own request would
 * have given. A path added to the domain's list without a procedure here fails the typecheck.
 */
const PROCEDURES: Record<FirstScreenQueryPath, (caller: Caller) => Promise<unknown>> = {
  'auth.me': (caller) => caller.auth.me(),
  'assessment.status': (caller) => caller.assessment.status(),
  'activities.stats': (caller) => caller.activities.stats(),
  'voice.capability': (caller) => caller.voice.capability(),
  'meditations.today': (caller) => caller.meditations.today(),
  'dailyPlan.today': (caller) => caller.dailyPlan.today(),
  'assessment.profile': (caller) => caller.assessment.profile(),
  'activities.catalogue': (caller) => caller.activities.catalogue(),
  'assessment.resultsNotice': (caller) => caller.assessment.resultsNotice(),
};

/**
 * The app shell's bootstrap (serveWebApp's `bootstrap` option): reads the session from the cookie
 * exactly like a tRPC request (same context, same procedures through createCaller), and answers the
 * queries the page would otherwise send before its first render: `auth.me` for everyone; for a
 * signed-in user `assessment.status`, the step stats and whether the counter's voice button works, and on `/` with a completed assessment
 * Home's queries too. A query that fails is left out: the web app then asks for it as usual.
 *
 * With a `homeRenderer` (the web build's render worker), a member's Home also comes rendered: the
 * markup the browser's first render makes from this same state, which it then hydrates (decision 021).
 */
export function webBootstrap(deps: Deps, homeRenderer?: HomeRenderer): (c: HonoContext<AppEnv>) => Promise<WebBootstrap> {
  return async (c) => {
    const responseHeaders = new Headers();
    const ctx = await requestContext(deps, c, responseHeaders);
    const caller = createCaller(ctx);
    const queries: BootstrapQuery[] = [];
    const answer = async (path: FirstScreenQueryPath): Promise<unknown> => {
      try {
        const data = await PROCEDURES[path](caller);
        queries.push({ path, data: transformer.serialize(data) });
        return data;
      } catch {
        return undefined;
      }
    };

    const me = await answer('auth.me');
    let audience = 'visitor';
    let home = false;
    if (me) {
      // The assessment's status decides which screen comes first (Home or the assessment).
      const status = (await answer('assessment.status')) as { completed?: boolean } | undefined;
      audience = status?.completed ? 'member' : 'pending';
      home = audience === 'member' && c.req.path === '/';
      await Promise.all(
        [...FIRST_SCREEN_QUERIES.signedIn, ...(home ? FIRST_SCREEN_QUERIES.home : [])].filter((path) => path !== 'assessment.status').map(answer),
      );
    }
    const state: BootstrapState = { v: 1, queries };
    const serverPage = home && homeRenderer ? await homeRenderer.render(state) : undefined;
    return { audience, state, setCookies: responseHeaders.getSetCookie(), ...(serverPage ? { serverPage } : {}) };
  };
}
