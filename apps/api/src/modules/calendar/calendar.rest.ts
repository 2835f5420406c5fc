import { createHash } from 'node:crypto';
import { WorkHoursSchema } from '@ascenso/domain/work-hours';
import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { envelope } from '../../http/errors';
import { json, type RestOperation } from '../../http/openapi';
import { jsonBodyRoute, withCaller } from '../../http/rest';
import type { AppEnv } from '../../http/types';
import { consumeOrWait, sharedRateLimiter } from '../../security/shared-rate-limiter';
import { z } from 'zod';
import { FeedCreatedSchema, FeedStatusSchema, WorkHoursOutput } from './calendar.router';
import { FEED_CACHE_SECONDS, FEED_FETCHES_PER_HOUR, findFeedOwner, renderFeed } from './calendar.service';

/**
 * Reads per feed (keyed by its token's hash) per hour: a leaked URL polled in a loop costs at most this. In
 * memory for one process; with REDIS_URL shared by the instances (decision 022), with an in-memory
 * insurance limiter while Redis does not answer.
 */
const feedFetchLimiter = (deps: Deps) => sharedRateLimiter(deps.redis, 'calendar-feed-reads', { points: FEED_FETCHES_PER_HOUR, duration: 3600 });

const NOT_FOUND_MESSAGE = 'Este enlace de calendario no existe o se ha revocado. Crea uno nuevo desde tu perfil en Ascenso.';

/**
 * POST/GET/DELETE /api/calendar/feed (session cookie) and the feed itself, GET /api/calendar/feed/{token}.ics
 * (no cookie: the token is the credential); GET/PUT /api/profile/work-hours.
 */
export function calendarRest(deps: Deps) {
  const app = new Hono<AppEnv>();
  const fetches = feedFetchLimiter(deps);

  app.post('/calendar/feed', (c) =>
    withCaller(deps, c, async (caller) => c.json({ url: (await caller.calendar.create()).url }, 201, { 'Cache-Control': 'private, no-store' })),
  );
  app.get('/calendar/feed', (c) =>
    withCaller(deps, c, async (caller) => {
      const status = await caller.calendar.status();
      return c.json(status, 200, { 'Cache-Control': 'private, no-store' });
    }),
  );
  app.delete('/calendar/feed', (c) =>
    withCaller(deps, c, async (caller) => {
      await caller.calendar.revoke();
      return c.body(null, 204);
    }),
  );

  app.get('/calendar/feed/:file', async (c) => {
    const file = c.req.param('file');
    const owner = file.endsWith('.ics') ? await findFeedOwner(deps, file.slice(0, -'.ics'.length)) : null;
    if (!owner) return envelope(c, 404, 'NOT_FOUND', NOT_FOUND_MESSAGE);
    const wait = await consumeOrWait(fetches, owner.tokenHash);
    if (wait !== null) {
      c.header('Retry-After', String(wait));
      return envelope(c, 429, 'RATE_LIMITED', 'Este calendario se ha consultado demasiadas veces en la última hora. Vuelve a intentarlo más tarde.');
    }
    const body = await renderFeed(deps, owner.user, owner.createdAt);
    await deps.repos.calendar.markFetched(owner.tokenHash, deps.clock());
    const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
    const headers = {
      'Cache-Control': `private, max-age=${FEED_CACHE_SECONDS}`,
      ETag: etag,
      'X-Robots-Tag': 'noindex',
    };
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'inline; filename="ascenso.ics"' });
  });

  app.get('/profile/work-hours', (c) =>
    withCaller(deps, c, async (caller) => c.json(await caller.calendar.workHours(), 200, { 'Cache-Control': 'private, no-store' })),
  );
  app.put(
    '/profile/work-hours',
    jsonBodyRoute(deps, { schema: WorkHoursSchema, caller: 'member' }, 200, (caller, input) => caller.calendar.setWorkHours(input)),
  );
  return app;
}

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const calendarRestOperations: RestOperation[] = [
  {
    method: 'post',
    path: '/api/calendar/feed',
    summary: 'Crea tu calendario privado (iCalendar), o lo cambia por uno nuevo.',
    description: 'Necesita tu dirección confirmada. La URL solo se muestra ahora; la anterior deja de valer (404).',
    access: 'member',
    responses: { 201: { description: 'La URL del calendario.', content: json(FeedCreatedSchema.pick({ url: true })) } },
    errors: [429],
  },
  {
    method: 'get',
    path: '/api/calendar/feed',
    summary: 'Si tienes un calendario activo, y cuándo se consultó por última vez.',
    access: 'member',
    responses: { 200: { description: 'El estado.', content: json(FeedStatusSchema) } },
  },
  {
    method: 'delete',
    path: '/api/calendar/feed',
    summary: 'Revoca tu calendario: su URL responde 404 desde ahora.',
    access: 'member',
    responses: { 204: { description: 'Revocado.' } },
  },
  {
    method: 'get',
    path: '/api/calendar/feed/{token}.ics',
    summary: 'El calendario en sí: el plan de hoy y de mañana, los compromisos abiertos y los recordatorios de pausa.',
    description: 'Sin cookie: el token de la URL es la credencial. Un número limitado de consultas por hora.',
    access: 'anyone',
    params: z.object({ token: z.string() }),
    headers: z.object({ 'If-None-Match': z.string().optional() }),
    responses: {
      200: { description: 'El calendario.', content: { 'text/calendar': z.string() }, headers: ['ETag'] },
      304: { description: 'No ha cambiado desde el `ETag` que mandaste.', headers: ['ETag'] },
    },
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/api/profile/work-hours',
    summary: 'Tu horario de trabajo (por defecto, de 09:00 a 18:00, de lunes a viernes).',
    access: 'member',
    responses: { 200: { description: 'Tu horario.', content: json(WorkHoursOutput) } },
  },
  {
    method: 'put',
    path: '/api/profile/work-hours',
    summary: 'Cambia tu horario de trabajo: los recordatorios de pausa caen dentro de él.',
    access: 'member',
    body: { required: true, content: json(WorkHoursSchema) },
    responses: { 200: { description: 'El horario guardado.', content: json(WorkHoursOutput) } },
    errors: [400],
  },
];
