import { readdirSync, readFileSync } from 'node:fs';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { Validator as JsonSchemaValidator, type Schema } from '@cfworker/json-schema';
import { Validator as OpenApiValidator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantEvidence } from '../modules/activities/evidence.testing';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema: Schema }> }>; security?: unknown[] };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The REST paths the contract names (shared/spec/contract.md), each as `METHOD /path` in the document's form. */
const CONTRACT_OPERATIONS = [
  'GET /api/login',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/logout',
  'GET /api/auth/user',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'POST /api/activity-log',
  'GET /api/activity-log/users/{userId}/activity-stats',
  'GET /api/assessment/status',
  'GET /api/assessment/progress',
  'POST /api/assessment/progress',
  'POST /api/assessment/complete',
  'GET /api/assessment',
  'GET /api/assessment/profile',
  'GET /api/meditations/today',
  'GET /api/meditations',
  'GET /api/meditations/{id}/audio',
  'GET /api/daily-plan',
  'POST /api/generate-daily-plan',
  'GET /api/profile/export',
  'DELETE /api/profile',
  'GET /api/weekly-review',
  'POST /api/shares',
  'GET /api/shares',
  'DELETE /api/shares/{id}',
  'POST /api/calendar/feed',
  'DELETE /api/calendar/feed',
  'POST /api/voice/transcribe',
];

const REPO_ROOT = new URL('../../../../', import.meta.url);

/** `METHOD /api/...` named anywhere in docs/ and the README (query strings dropped). */
function operationsNamedInDocs(): string[] {
  const files = [
    ...readdirSync(new URL('docs/', REPO_ROOT))
      .filter((name) => name.endsWith('.md'))
      .map((name) => new URL(`docs/${name}`, REPO_ROOT)),
    new URL('README.md', REPO_ROOT),
  ];
  const found = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\b(GET|POST|PUT|PATCH|DELETE) `?(\/api\/[A-Za-z0-9/{}._-]+)/g)) {
      const path = match[2]!.replace(/[.]$/, '');
      // tRPC's endpoint and this page's own two paths are not REST operations of the contract.
      if (path.startsWith('/api/trpc') || path === '/api/openapi.json' || path === '/api/docs') continue;
      found.add(`${match[1]} ${path}`);
    }
  }
  return [...found].sort();
}

function documented(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
}

/** Routes the app serves under /api that are not REST operations: tRPC, the catch-all, the 405 for GET /api/logout, these docs. */
const NOT_OPERATIONS = new Set(['GET /api/logout', 'GET /api/openapi.json', 'GET /api/docs']);

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = createTestApp();
    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    document = (await response.json()) as Document;
  });

  it('is an OpenAPI 3.1 document that a standard validator accepts', async () => {
    const validator = new OpenApiValidator();
    const result = await validator.validate(document as unknown as Json);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every REST path of the contract, and every one docs/ and the README name', () => {
    const operations = documented(document);
    for (const operation of [...CONTRACT_OPERATIONS, ...operationsNamedInDocs()]) expect(operations, operation).toContain(operation);
  });

  it('documents exactly the REST routes the app serves', () => {
    const served = new Set<string>();
    for (const route of t.app.routes) {
      if (!route.path.startsWith('/api/') || route.method === 'ALL' || route.path.startsWith('/api/trpc')) continue;
      // The feed's one route (`:file`) serves `{token}.ics`.
      const path = route.path === '/api/calendar/feed/:file' ? '/api/calendar/feed/{token}.ics' : route.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = `${route.method} ${path}`;
      if (!NOT_OPERATIONS.has(operation)) served.add(operation);
    }
    expect([...served].sort()).toEqual(documented(document).sort());
  });

  it('says which operations need the session cookie', () => {
    expect(document.paths['/api/auth/login']!.post!.security).toEqual([]);
    expect(document.paths['/api/shares']!.post!.security).toEqual([{ sesion: [] }]);
    expect(document.paths['/api/shares']!.post!.responses['401']).toBeDefined();
  });

  it('answers every documented operation as documented: status, media type and body schema', async () => {
    const exercised = new Set<string>();
    /** Checks `response` against the document for `METHOD path` and returns its JSON body (or its text). */
    async function expectDocumented(method: string, path: string, response: Response): Promise<Json> {
      const key = `${method} ${path}`;
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      const answer = operation!.responses[String(response.status)];
      expect(answer, `${key} answered ${response.status}, which is not documented`).toBeDefined();
      exercised.add(key);
      const text = await response.text();
      if (!answer!.content) {
        expect(text, `${key} ${response.status} has no body`).toBe('');
        return {};
      }
      const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const media = answer!.content[mediaType];
      expect(media, `${key} ${response.status} answered ${mediaType}`).toBeDefined();
      if (mediaType !== 'application/json') return { text };
      const body = JSON.parse(text) as Json;
      const result = new JsonSchemaValidator(media!.schema, '2020-12', false).validate(body);
      expect(result.errors, `${key} ${response.status}: ${text.slice(0, 300)}`).toEqual([]);
      return body;
    }
    const call = async (method: string, path: string, url: string, init: Parameters<TestApp['request']>[1] = {}) =>
      expectDocumented(method, path, await t.request(url, { ...init, method }));

    // Account and session.
    await call('GET', '/api/login', '/api/login?next=/semana');
    const email = `openapi-${Date.now()}@ejemplo.es`;
    const registered = await t.request('/api/auth/register', { body: { email, password: 'una frase bastante larga', firstName: 'Noa' } });
    const cookie = t.sessionCookie(registered.clone());
    const user = (await expectDocumented('POST', '/api/auth/register', registered)) as { id: string };
    await t.deps.mailer.idle();
    await t.deps.repos.users.markEmailVerified(user.id, email, t.clock.now());
    await call('POST', '/api/auth/login', '/api/auth/login', { body: { email, password: 'una frase bastante larga' } });
    await call('GET', '/api/auth/user', '/api/auth/user', { cookie });
    await call('POST', '/api/auth/verify-email/resend', '/api/auth/verify-email/resend', { cookie });
    await call('POST', '/api/auth/verify-email', '/api/auth/verify-email', { body: { token: 'no-existe' } });
    await call('POST', '/api/auth/password-reset', '/api/auth/password-reset', { body: { email: 'nadie@ejemplo.es' } });
    await call('POST', '/api/auth/password-reset/confirm', '/api/auth/password-reset/confirm', {
      body: { token: 'no-existe', password: 'otra frase bastante larga' },
    });
    await call('GET', '/api/health', '/api/health');

    // A malformed body: the 400 envelope, never a 500.
    const malformed = await call('POST', '/api/shares', '/api/shares', { cookie, rawBody: '{"include":', headers: { 'content-type': 'application/json' } });
    expect(malformed).toMatchObject({ error: { code: 'VALIDATION' } });

    // Assessment.
    await call('GET', '/api/assessment/progress', '/api/assessment/progress', { cookie });
    await call('POST', '/api/assessment/progress', '/api/assessment/progress', {
      cookie,
      body: { currentSection: 1, responses: { role: 'Diseño' }, completedSections: [0] },
    });
    await call('GET', '/api/assessment/status', '/api/assessment/status', { cookie });
    await call('POST', '/api/assessment/complete', '/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
    await call('GET', '/api/assessment', '/api/assessment', { cookie });
    await call('GET', '/api/assessment/history', '/api/assessment/history', { cookie });
    await call('GET', '/api/assessment/profile', '/api/assessment/profile', { cookie });
    await call('GET', '/api/assessment/evaluation', '/api/assessment/evaluation', { cookie });

    // Steps.
    await call('GET', '/api/activities', '/api/activities', { cookie });
    await grantEvidence(t, user.id, 'journal_entry');
    const completion = (await call('POST', '/api/activity-log', '/api/activity-log', {
      cookie,
      body: { activity_key: 'journal_entry' },
      headers: { 'idempotency-key': 'openapi-1' },
    })) as { activityId: string };
    await call('POST', '/api/activity-log/{activityId}/mark-toast-shown', `/api/activity-log/${completion.activityId}/mark-toast-shown`, { cookie });
    await call('GET', '/api/activity-log/users/{userId}/activity-stats', `/api/activity-log/users/${user.id}/activity-stats`, { cookie });

    // Plan, audio, week.
    await call('GET', '/api/daily-plan', '/api/daily-plan', { cookie });
    await call('POST', '/api/generate-daily-plan', '/api/generate-daily-plan', { cookie, body: {} });
    await call('GET', '/api/daily-plan', '/api/daily-plan', { cookie });
    const today = (await call('GET', '/api/meditations/today', '/api/meditations/today', { cookie })) as { id: string };
    await call('GET', '/api/meditations', '/api/meditations', { cookie });
    await call('GET', '/api/meditations/{id}', `/api/meditations/${today.id}`, { cookie });
    await call('GET', '/api/meditations/{id}/audio', `/api/meditations/${today.id}/audio`, { cookie, headers: { range: 'bytes=0-99' } });
    await call('PATCH', '/api/meditations/{id}/completed', `/api/meditations/${today.id}/completed`, { cookie, body: { completed: true } });
    await call('POST', '/api/activity-log/audio-complete', '/api/activity-log/audio-complete', {
      cookie,
      body: { is_today: true, completion_percentage: 100 },
    });
    await call('GET', '/api/weekly-review', '/api/weekly-review', { cookie });

    // Sharing, calendar, voice.
    const share = (await call('POST', '/api/shares', '/api/shares', { cookie, body: { include: ['steps'], days: 7 } })) as { id: string };
    await call('GET', '/api/shares', '/api/shares', { cookie });
    await call('DELETE', '/api/shares/{id}', `/api/shares/${share.id}`, { cookie });
    const feed = (await call('POST', '/api/calendar/feed', '/api/calendar/feed', { cookie })) as { url: string };
    await call('GET', '/api/calendar/feed', '/api/calendar/feed', { cookie });
    await call('GET', '/api/calendar/feed/{token}.ics', new URL(feed.url).pathname);
    await call('DELETE', '/api/calendar/feed', '/api/calendar/feed', { cookie });
    await call('GET', '/api/profile/work-hours', '/api/profile/work-hours', { cookie });
    await call('PUT', '/api/profile/work-hours', '/api/profile/work-hours', { cookie, body: { start: '08:00', end: '16:00', days: [1, 2, 3, 4, 5] } });
    await call('GET', '/api/voice', '/api/voice', { cookie });
    await call('POST', '/api/voice/transcribe', '/api/voice/transcribe', { cookie, body: { audio: 'no es un archivo' } });

    // Data rights, then the end of the session.
    await call('GET', '/api/profile/export', '/api/profile/export', { cookie });
    await call('GET', '/api/profile/export', '/api/profile/export?format=markdown', { cookie });
    await call('POST', '/api/auth/logout', '/api/auth/logout', { cookie });
    const other = await t.registerUser();
    await call('POST', '/api/logout', '/api/logout', { cookie: other.cookie });
    const leaving = await t.registerUser();
    await call('DELETE', '/api/profile', '/api/profile', { cookie: leaving.cookie, body: { confirm: true, password: leaving.password } });

    expect([...exercised].sort()).toEqual(documented(document).sort());
  });
});

describe('GET /api/docs', () => {
  it('renders the document as one Spanish page with no script, under the app’s Content-Security-Policy', async () => {
    const t = createTestApp();
    const response = await t.request('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    const document = (await (await t.request('/api/openapi.json')).json()) as Document;
    for (const path of Object.keys(document.paths)) expect(html).toContain(`<code>${path}</code>`);
    expect(html).toContain('<caption>Respuestas</caption>');
  });
});

describe('API_DOCS in production', () => {
  const production = { NODE_ENV: 'production', APP_ORIGIN: TEST_ORIGIN };

  it('without API_DOCS=1: both paths are 404 in the JSON error envelope', async () => {
    const t = createTestApp({ env: production });
    for (const path of ['/api/openapi.json', '/api/docs']) {
      const response = await t.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND', requestId: expect.any(String) } });
    }
  });

  it('with API_DOCS=1: both are served', async () => {
    const t = createTestApp({ env: { ...production, API_DOCS: '1' } });
    expect((await t.request('/api/openapi.json')).status).toBe(200);
    expect((await t.request('/api/docs')).status).toBe(200);
  });

  it('outside production they are served without API_DOCS, and API_DOCS=0 turns them off', async () => {
    expect((await createTestApp().request('/api/openapi.json')).status).toBe(200);
    expect((await createTestApp({ env: { API_DOCS: '0' } }).request('/api/docs')).status).toBe(404);
  });
});
