import { existsSync } from 'node:fs';
import { DomainError } from '@ascenso/domain/errors';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { Deps } from './deps';
import { apiDocsRoutes } from './http/api-docs';
import { envelope, errorToResponse } from './http/errors';
import { instanceHeader } from './http/instance-header';
import { requestContext } from './http/request-meta';
import { originCheck, securityHeaders } from './http/security';
import type { HomeRenderer } from './http/home-renderer';
import { serveWebApp } from './http/static';
import { webBootstrap } from './http/web-bootstrap';
import type { AppEnv } from './http/types';
import { activitiesRest, activitiesRestOperations } from './modules/activities/activities.rest';
import { assessmentRest, assessmentRestOperations } from './modules/assessment/assessment.rest';
import { authRest, authRestOperations } from './modules/auth/auth.rest';
import { namesAuthInBatch } from './modules/auth/batching';
import { earlyTrpcRefusal } from './modules/auth/early-refusal';
import { dailyPlanRest, dailyPlanRestOperations } from './modules/daily-plan/daily-plan.rest';
import { meditationsRest, meditationsRestOperations } from './modules/meditations/meditations.rest';
import { profileRest, profileRestOperations } from './modules/profile/profile.rest';
import { sharePageRoutes } from './modules/shares/share-page';
import { sharesRest, sharesRestOperations } from './modules/shares/shares.rest';
import { systemRest, systemRestOperations } from './modules/system/system.rest';
import { VOICE_TRANSCRIBE_PATH, voiceRest, voiceRestOperations } from './modules/voice/voice.rest';
import { weeklyReviewRest, weeklyReviewRestOperations } from './modules/weekly-review/weekly-review.rest';
import { calendarRest, calendarRestOperations } from './modules/calendar/calendar.rest';
import { appRouter } from './trpc/app-router';

// Default validation messages in Spanish (field-specific ones are written in the domain schemas).
z.config(z.locales.es());

const TRPC_PREFIX = '/api/trpc/';

/** Every documented REST operation, in the order `/api/docs` shows them (decision 040). */
export const REST_OPERATIONS = [
  ...authRestOperations,
  ...activitiesRestOperations,
  ...assessmentRestOperations,
  ...dailyPlanRestOperations,
  ...meditationsRestOperations,
  ...weeklyReviewRestOperations,
  ...sharesRestOperations,
  ...calendarRestOperations,
  ...profileRestOperations,
  ...voiceRestOperations,
  ...systemRestOperations,
];

export type AppOptions = {
  /** Folder of the built web app to serve with history fallback; omitted in dev and API tests. */
  webDistDir?: string | undefined;
  /** Renders a member's Home on the server (http/home-renderer.ts); without it the browser does. */
  homeRenderer?: HomeRenderer | undefined;
  /** True while the instance stops (http/drain.ts): `GET /api/health` answers 503 `{ ok: false, status: "draining" }`. */
  isDraining?: (() => boolean) | undefined;
};

export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders({ hsts: deps.config.isProduction }));
  const instance = instanceHeader(deps);
  if (instance) app.use('*', instance);
  app.use('*', originCheck(deps.config.allowedOrigins));
  const limitBody = bodyLimit({
    maxSize: 256 * 1024,
    onError: (c) => envelope(c, 413, 'PAYLOAD_TOO_LARGE', 'La petición es demasiado grande'),
  });
  // GET and HEAD carry no body; skipping them also spares building a full Request per read. The voice
  // upload (one path) sets its own 10 MB limit after checking the session (modules/voice/voice.rest.ts).
  app.use('/api/*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === VOICE_TRANSCRIBE_PATH ? next() : limitBody(c, next)));

  app.all('/api/trpc/*', (c) => {
    // A sign-in or registration from an address its limit already refused is answered from memory.
    const early = earlyTrpcRefusal(deps, c, c.req.path.slice(TRPC_PREFIX.length));
    if (early) return early;
    return fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      maxBatchSize: deps.config.auth.trpcMaxBatchSize,
      // A batch naming an auth.* procedure is answered with batching off: 400, nothing runs.
      allowBatching: !namesAuthInBatch(c.req.url),
      // The session refresh's Set-Cookie (at most hourly) goes on the adapter's response headers.
      createContext: ({ resHeaders }) => requestContext(deps, c, resHeaders),
      // A refused call that says when to come back (a per-day quota, a rate limit) sets Retry-After,
      // as the REST envelope does (http/errors.ts); for a batch, the longest wait.
      responseMeta: ({ errors }) => {
        const waits = errors.map((error) => (error.cause instanceof DomainError ? error.cause.details?.retryAfterSeconds : undefined));
        const retryAfter = Math.max(0, ...waits.filter((s): s is number => typeof s === 'number'));
        return retryAfter > 0 ? { headers: new Headers({ 'retry-after': String(retryAfter) }) } : {};
      },
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          deps.logger.error('procedure failed', {
            path,
            requestId: c.get('requestId'),
            error: String(error.cause ?? error),
          });
        }
      },
    });
  });

  app.route('/api', authRest(deps));
  // A stopping instance says so to the load balancer (and nginx passes the GET to another instance).
  const isDraining = options.isDraining;
  if (isDraining) app.get('/api/health', (c, next) => (isDraining() ? c.json({ ok: false, status: 'draining' }, 503, { 'retry-after': '1' }) : next()));
  app.route('/api', systemRest(deps));
  app.route('/api', activitiesRest(deps));
  app.route('/api', assessmentRest(deps));
  app.route('/api', dailyPlanRest(deps));
  app.route('/api', meditationsRest(deps));
  app.route('/api', profileRest(deps));
  app.route('/api', weeklyReviewRest(deps));
  app.route('/api', sharesRest(deps));
  app.route('/api', voiceRest(deps));
  app.route('/api', calendarRest(deps));
  // The OpenAPI document and its page: outside production, and in production with API_DOCS=1 (decision 040).
  if (deps.config.apiDocs) app.route('/api', apiDocsRoutes(REST_OPERATIONS));
  app.all('/api/*', (c) => envelope(c, 404, 'NOT_FOUND', 'Ruta de la API desconocida'));

  // The public page of a share (server-rendered HTML, decision 029), before the web app's fallback.
  app.route('/', sharePageRoutes(deps));

  const webDistDir = options.webDistDir;
  if (webDistDir && existsSync(webDistDir))
    app.use(
      '*',
      serveWebApp(webDistDir, {
        bootstrap: webBootstrap(deps, options.homeRenderer),
        hideBuildFiles: deps.config.isProduction,
      }),
    );

  app.notFound((c) => envelope(c, 404, 'NOT_FOUND', 'No encontrado'));
  app.onError((error, c) => errorToResponse(error, c, deps.logger));
  return app;
}
