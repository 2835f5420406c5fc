import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { FIRST_SCREEN_QUERIES, type BootstrapState, type RenderedPage } from '@ascenso/domain/bootstrap';
import { Hono } from 'hono';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import type { HomeRenderer } from './home-renderer';
import { jsonForScript, renderShell, serveWebApp } from './static';
import type { AppEnv } from './types';
import { webBootstrap } from './web-bootstrap';

const INDEX =
  '<!doctype html><html lang="es"><head><title>Ascenso</title>\n    <link rel="modulepreload" crossorigin href="/assets/main-abc.js">\n</head><body><div id="root"></div></body></html>';
const PAGES = {
  'visitor:/': {
    modulepreload: ['assets/landing-abc.js'],
    head: '<style data-emotion="css x">.x{color:red}</style>',
    root: '<main>Hola</main>',
  },
  'member:/': { modulepreload: ['assets/home-abc.js', 'assets/shared-abc.js'] },
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ascenso-web-bootstrap-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, '.vite', 'ascenso-pages.json'), JSON.stringify(PAGES));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function setup(homeRenderer?: HomeRenderer) {
  const t = createTestApp();
  const web = new Hono<AppEnv>();
  web.use('*', (c, next) => {
    c.set('requestId', 'test');
    return next();
  });
  web.use('*', serveWebApp(dir, { bootstrap: webBootstrap(t.deps, homeRenderer) }));
  return { ...t, web };
}

/** A server page's styles, as src/prerender/member-home.tsx gives them (emotion's own format). */
const STYLES = '<style data-emotion="css a1">.css-a1{color:red}</style>';

/** A renderer that records the states it is given and answers with `page` (undefined: a failed render). */
function recordingRenderer(page: RenderedPage | undefined) {
  const states: BootstrapState[] = [];
  const renderer: HomeRenderer = {
    render: (state) => {
      states.push(state);
      return Promise.resolve(page);
    },
    close: () => Promise.resolve(),
  };
  return { renderer, states };
}

/** The parsed `<script id="ascenso-bootstrap">` of a page. */
function bootstrapOf(html: string): BootstrapState {
  const match = /<script id="ascenso-bootstrap" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error(`no bootstrap in ${html}`);
  return JSON.parse(match[1]) as BootstrapState;
}

function data(state: BootstrapState, path: string): unknown {
  const query = state.queries.find((q) => q.path === path);
  return query ? superjson.deserialize(query.data as Parameters<typeof superjson.deserialize>[0]) : undefined;
}

describe('jsonForScript', () => {
  it('escapes everything that could end the script element or break JavaScript, and round-trips', () => {
    const hostile = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029 "\' >' };
    const text = jsonForScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});

describe('renderShell', () => {
  it('adds the page modulepreloads and the bootstrap script', () => {
    const html = renderShell(INDEX, { v: 1, queries: [] }, PAGES['member:/']);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/main-abc.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-abc.js">');
    expect(html).toContain('<div id="root"></div>');
    expect(bootstrapOf(html)).toEqual({ v: 1, queries: [] });
    expect(html.indexOf('ascenso-bootstrap')).toBeLessThan(html.indexOf('</head>'));
  });

  it('sends a prerendered page with its markup and styles, and the app chunks listed for prefetching instead of preloaded', () => {
    const html = renderShell(INDEX, { v: 1, queries: [] }, PAGES['visitor:/']);
    expect(html).toContain('<style data-emotion="css x">');
    expect(html).toContain('<div id="root" data-page="static"><main>Hola</main></div>');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<script id="ascenso-preload" type="application/json">["/assets/main-abc.js"]</script>');
  });

  it('sends markup rendered for the request inside a server page, its styles last in <head>, no modulepreloads (the app is imported after the paint)', () => {
    const html = renderShell(INDEX, { v: 1, queries: [] }, PAGES['member:/'], {
      head: STYLES,
      root: '<main>Hola, Lucía</main>',
    });
    expect(html).toContain('<div id="root" data-page="server"><main>Hola, Lucía</main></div>');
    expect(html).toMatch(new RegExp(`<script id="ascenso-bootstrap" type="application/json">[^<]*</script>${STYLES}</head>`));
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('ascenso-preload');
  });
});

describe('the app shell with the bootstrap', () => {
  it('tells a visitor they are signed out, with the landing page chunk and markup, never cached', async () => {
    const { web } = setup();
    const response = await web.request('/');
    const html = await response.text();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toContain('Cookie');
    expect(data(bootstrapOf(html), 'auth.me')).toBeNull();
    expect(html).toContain('<main>Hola</main>');
    // Another path: no landing page markup; the app's chunks preloaded as usual.
    const other = await (await web.request('/acceso')).text();
    expect(other).not.toContain('Hola');
    expect(other).toContain('<div id="root"></div>');
    expect(other).toContain('<link rel="modulepreload" crossorigin href="/assets/main-abc.js">');
  });

  it('answers the session and Home queries for a signed-in user, with a hostile first name kept inert', async () => {
    const { web, registerUser, callerFor } = setup();
    const hostile = '</script><script>alert(1)</script>\u2028<!--';
    const { cookie } = await registerUser({ firstName: hostile });
    const response = await web.request('/', { headers: { cookie } });
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('\u2028');
    const state = bootstrapOf(html);
    const me = data(state, 'auth.me') as { firstName: string };
    expect(me.firstName).toBe(hostile);
    expect(data(state, 'assessment.status')).toEqual(await callerFor(cookie).assessment.status());
    expect(data(state, 'activities.stats')).toEqual(await callerFor(cookie).activities.stats());
    // The assessment is not completed yet: no Home queries, the pending page's chunks (none in PAGES).
    expect(state.queries.map((q) => q.path)).not.toContain('meditations.today');
    expect(html).not.toContain('landing-abc');
  });

  it('with a completed assessment, sends Home its data and chunks on / (only there)', async () => {
    const { web, registerUser, request, callerFor } = setup();
    const { cookie } = await registerUser({ firstName: 'Lucía' });
    expect((await request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } })).status).toBe(201);
    const html = await (await web.request('/', { headers: { cookie } })).text();
    const state = bootstrapOf(html);
    expect((data(state, 'assessment.status') as { completed: boolean }).completed).toBe(true);
    expect(data(state, 'meditations.today')).toEqual(await callerFor(cookie).meditations.today());
    expect(data(state, 'dailyPlan.today')).toEqual(await callerFor(cookie).dailyPlan.today());
    expect(data(state, 'activities.catalogue')).toEqual(await callerFor(cookie).activities.catalogue());
    expect(html).toContain('href="/assets/home-abc.js"');
    expect(html).toContain('href="/assets/shared-abc.js"');
    // Exactly the first-screen queries the domain declares (packages/domain/src/bootstrap.ts).
    expect(state.queries.map((q) => q.path).sort()).toEqual(
      [...FIRST_SCREEN_QUERIES.everyone, ...FIRST_SCREEN_QUERIES.signedIn, ...FIRST_SCREEN_QUERIES.home].sort(),
    );
    const profile = bootstrapOf(await (await web.request('/profile', { headers: { cookie } })).text());
    expect(profile.queries.map((q) => q.path).sort()).toEqual([...FIRST_SCREEN_QUERIES.everyone, ...FIRST_SCREEN_QUERIES.signedIn].sort());
  });

  it('with a renderer, a member’s Home comes rendered from the very state the page carries; nowhere else', async () => {
    const { renderer, states } = recordingRenderer({ head: STYLES, root: '<main>Hola, Lucía</main>' });
    const { web, registerUser, request } = setup(renderer);
    // A visitor and a member whose assessment is pending: no render.
    expect(await (await web.request('/')).text()).not.toContain('data-page="server"');
    const { cookie } = await registerUser({ firstName: 'Lucía' });
    expect(await (await web.request('/', { headers: { cookie } })).text()).not.toContain('data-page="server"');
    expect(states).toHaveLength(0);
    expect((await request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } })).status).toBe(201);
    const html = await (await web.request('/', { headers: { cookie } })).text();
    expect(html).toContain('<div id="root" data-page="server"><main>Hola, Lucía</main></div>');
    expect(html).toContain(`${STYLES}</head>`);
    expect(states).toEqual([bootstrapOf(html)]);
    expect(html).not.toContain('rel="modulepreload"');
    // Another member page: the browser renders it.
    expect(await (await web.request('/profile', { headers: { cookie } })).text()).toContain('<div id="root"></div>');
    expect(states).toHaveLength(1);
  });

  it('a failed render sends the page for the browser to render: empty root, chunks preloaded', async () => {
    const { renderer, states } = recordingRenderer(undefined);
    const { web, registerUser, request } = setup(renderer);
    const { cookie } = await registerUser({ firstName: 'Lucía' });
    expect((await request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } })).status).toBe(201);
    const html = await (await web.request('/', { headers: { cookie } })).text();
    expect(states).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('href="/assets/home-abc.js"');
  });

  it('a bad cookie is a visitor, and the cleared cookie is sent', async () => {
    const { web } = setup();
    const response = await web.request('/', { headers: { cookie: 'session=nope.nope' } });
    expect(data(bootstrapOf(await response.text()), 'auth.me')).toBeNull();
    expect(response.headers.getSetCookie().join('\n')).toContain('session=');
  });
});
