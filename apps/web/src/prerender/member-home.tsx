import type { BootstrapState, RenderedPage } from '@ascenso/domain/bootstrap';
import { prerenderToNodeStream } from 'react-dom/static';
import { HomeAtRoot } from '../app/home-at-root';
import { setServerPlanParser } from '../features/daily-plan/utils/sanitize-plan';
import { separateEmotionStyles } from './emotion-styles';
import { parsePlanHtmlOnServer } from './plan-html';

export type RenderMemberHomeOptions = {
  /** The app's public origin (APP_ORIGIN's first entry): same-site plan links become in-app links. */
  origin: string;
  /** Gives up (the page is then sent without markup and the browser renders it). */
  signal?: AbortSignal;
};

/**
 * Home for a signed-in member, rendered on the server at request time (decision 021) from the same
 * bootstrap the page carries, with public APIs only: the app's own tree (providers, route gate, shell,
 * Home) under React Router's `StaticRouter` at `/`, the query cache seeded from `state`, rendered by
 * React's `prerenderToNodeStream` (which waits for every lazy screen), so it is the markup the browser's
 * first render makes, and the browser hydrates it (`hydrateRoot`, src/main.tsx). Chakra's styles are
 * emotion's default server output, joined into one element for `<head>` (./emotion-styles.ts).
 * Effects do not run, nothing is fetched.
 *
 * The plan's HTML has no DOM to be parsed in here: `parsePlanHtmlOnServer` (htmlparser2) stands in for
 * DOMPurify's parse, and the plan tree applies the same allow-list (src/features/daily-plan/utils/plan-tree.ts)
 * to content the server already sanitised with sanitize-html.
 */
export async function renderMemberHome(state: BootstrapState, options: RenderMemberHomeOptions): Promise<RenderedPage> {
  setServerPlanParser(parsePlanHtmlOnServer, options.origin);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <HomeAtRoot bootstrap={state} />,
    // No outlined boundaries: every Suspense boundary is complete in the markup, so the page needs no
    // inline script to reveal it (the Content-Security-Policy allows none).
    {
      signal: options.signal,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => void errors.push(error),
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  // A part that failed would be rendered by the browser anyway: send no markup rather than half a page.
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  const { styles, markup } = separateEmotionStyles(Buffer.concat(chunks).toString('utf8'));
  return { head: styles, root: markup };
}
