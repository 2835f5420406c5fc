// @vitest-environment jsdom
import { FIRST_SCREEN_QUERIES, type BootstrapState } from '@ascenso/domain/bootstrap';
import type { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fixture from './first-screen.fixture.json';
import type * as QueryClientModule from '#lib/query-client';
import { HomeAtRoot } from './home-at-root';

// The query client AppProviders makes, kept to look into its cache after the render.
const clients = vi.hoisted(() => [] as QueryClient[]);
vi.mock('../lib/query-client', async (importOriginal) => {
  const original = await importOriginal<typeof QueryClientModule>();
  return {
    ...original,
    createQueryClient: () => {
      const client = original.createQueryClient();
      clients.push(client);
      return client;
    },
  };
});

/** The demo member's bootstrap, as the API sends it on `/` (packages/domain/src/bootstrap.ts's queries). */
const STATE = fixture as BootstrapState;

/** Any request the first render sends: there must be none (fetch is the tRPC client's transport). */
const requests: string[] = [];
vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
  requests.push(String(input));
  return new Promise<Response>(() => {});
});

afterEach(() => {
  clients.length = 0;
  requests.length = 0;
});

/** The app's tree at `/` with `state` as the page's bootstrap, rendered once every lazy screen has arrived. */
async function renderFirstScreen(state: BootstrapState): Promise<{ text: string; html: string; queryClient: QueryClient }> {
  const { prelude } = await prerenderToNodeStream(
    <HomeAtRoot bootstrap={state} />,
    // Every Suspense boundary complete in place, as the browser's first render after the preload is.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const text = html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  return { text, html, queryClient: clients[0]! };
}

describe("Home's first screen from the server's bootstrap", () => {
  it('the bootstrap carries exactly the first-screen queries the domain declares', () => {
    expect(STATE.queries.map((q) => q.path).sort()).toEqual(
      [...FIRST_SCREEN_QUERIES.everyone, ...FIRST_SCREEN_QUERIES.signedIn, ...FIRST_SCREEN_QUERIES.home].sort(),
    );
  });

  it('renders Home with its data on the first render, asking the server for nothing', async () => {
    const { text, queryClient } = await renderFirstScreen(STATE);
    expect(text).toContain('Hola, Lucía');
    expect(text).toContain('Soltar la jornada');
    expect(text).toContain('Tu plan de hoy');
    expect(text).toContain('Actividades de bienestar');
    expect(text).toContain('7690 pasos');
    expect(text).not.toContain('Cargando');
    // Every query Home's components made found its answer in the bootstrap; none is waiting.
    const queries = queryClient.getQueryCache().getAll();
    expect(queries.filter((q) => q.state.status !== 'success').map((q) => q.queryKey)).toEqual([]);
    expect(requests).toEqual([]);
  });

  it.each([...FIRST_SCREEN_QUERIES.signedIn.filter((p) => p !== 'assessment.status'), ...FIRST_SCREEN_QUERIES.home])(
    'Home asks for %s on its first render: without it in the bootstrap, it is the one query left pending (none sent for nothing)',
    async (path) => {
      const { queryClient } = await renderFirstScreen({ v: 1, queries: STATE.queries.filter((q) => q.path !== path) });
      const pending = queryClient
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.status !== 'success')
        .map((q) => (q.queryKey[0] as string[]).join('.'));
      expect(pending).toEqual([path]);
    },
  );

  it("the header's name is the closed menu button, named after the person; the menu's items are not rendered until it opens", async () => {
    const { html } = await renderFirstScreen(STATE);
    const button = /<button[^>]*aria-label="Menú de Lucía"[^>]*>/.exec(html)?.[0];
    expect(button, 'a menu button in the header').toBeTruthy();
    expect(button).toContain('aria-haspopup="menu"');
    expect(button).toContain('aria-expanded="false"');
    // Rendered closed and not yet hydrated: the browser's first render makes the same markup.
    expect(button).not.toContain('data-menu-ready');
    expect(html).not.toContain('role="menu"');
    expect(html).not.toContain('role="menuitem"');
  });

  it('Home says the assessment’s results are ready exactly when the bootstrap says so (no flash either way)', async () => {
    const withNotice = (show: boolean): BootstrapState => ({
      v: 1,
      queries: STATE.queries.map((q) => (q.path === 'assessment.resultsNotice' ? { path: q.path, data: superjson.serialize({ show }) } : q)),
    });
    const shown = await renderFirstScreen(withNotice(true));
    expect(shown.text).toContain('Ya están listos los resultados de tu evaluación.');
    expect(shown.html).toMatch(/<a[^>]*href="\/assessment\/results"[^>]*>Ver tus resultados/);
    clients.length = 0;
    const hidden = await renderFirstScreen(withNotice(false));
    expect(hidden.text).not.toContain('resultados de tu evaluación');
    expect(hidden.text).toContain('Hola, Lucía');
  });

  it('a hostile first name is rendered as text', async () => {
    const me = STATE.queries.find((q) => q.path === 'auth.me')!;
    const user = superjson.deserialize<Record<string, unknown>>(me.data as Parameters<typeof superjson.deserialize>[0]);
    const state: BootstrapState = {
      v: 1,
      queries: STATE.queries.map((q) => (q === me ? { path: q.path, data: superjson.serialize({ ...user, firstName: '<img src=x onerror=alert(1)>' }) } : q)),
    };
    const { text } = await renderFirstScreen(state);
    expect(text).toContain('Hola, &lt;img src=x onerror=alert(1)&gt;');
  });
});
