/**
 * The app shell's bootstrap, shared by the API (apps/api/src/http/web-bootstrap.ts writes it into
 * `<script id="ascenso-bootstrap" type="application/json">`) and the web app (apps/web/src/lib/bootstrap.ts
 * reads it and seeds its query cache): the answers to the queries the first screen needs, so that the
 * browser's first render asks the server for nothing.
 */

/** One query answer: the tRPC procedure path and its data as the wire sends it (superjson). */
export type BootstrapQuery = { path: string; data: unknown };

/** What `<script id="ascenso-bootstrap">` holds. */
export type BootstrapState = { v: 1; queries: BootstrapQuery[] };

/**
 * The queries (tRPC paths, all without input) the server answers in the bootstrap, by who the page is
 * for: `everyone` (who is signing in), then for a signed-in user `signedIn` (the route gate and the
 * step counter: its total, and whether its voice button can work here), and on `/` with a completed
 * assessment `home` (what Home's components ask for on their first render). The API's bootstrap maps
 * each to its procedure (its type checks that every path here has one);
 * apps/web/src/app/first-screen.test.tsx checks that Home's first render asks for exactly these and
 * nothing else.
 */
export const FIRST_SCREEN_QUERIES = {
  everyone: ['auth.me'],
  signedIn: ['assessment.status', 'activities.stats', 'voice.capability'],
  home: ['meditations.today', 'dailyPlan.today', 'assessment.profile', 'activities.catalogue', 'assessment.resultsNotice'],
} as const;

export type FirstScreenQueryPath = (typeof FIRST_SCREEN_QUERIES)[keyof typeof FIRST_SCREEN_QUERIES][number];

/**
 * A member's Home rendered on the server for one request (decision 021): `head` goes at the end of
 * `<head>` (emotion's style elements), `root` inside `<div id="root" data-page="server">`, which the
 * browser hydrates.
 */
export type RenderedPage = { head: string; root: string };

/**
 * The messages between the API (apps/api/src/http/home-renderer.ts) and the web build's render worker
 * (apps/web/src/prerender/home-render-worker.ts, built to apps/web/dist-server/home-render-worker.js).
 */
export type HomeRenderRequest = { id: number; state: BootstrapState };
export type HomeRenderReply = { id: number; page?: RenderedPage; error?: string };
