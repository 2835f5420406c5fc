import { CompleteActivityInputSchema, IdempotencyKeySchema } from '@ascenso/domain/activities';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { readJsonBody } from '../../http/errors';
import { json, type RestOperation } from '../../http/openapi';
import { withCaller, withInput } from '../../http/rest';
import { MarkToastShownInputSchema, MarkToastShownSchema, StatsInputSchema } from './activities.router';
import { ActivityStatsSchema, CatalogueSchema, CompleteActivityProcedureInputSchema, CompletionResultSchema } from './activities.schema';
import type { AppEnv } from '../../http/types';

/** The documented steps paths, as shims over the activities procedures. */
export function activitiesRest(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/activity-log', async (c) => {
    const body = await readJsonBody(c);
    const idempotencyKey = c.req.header('idempotency-key');
    const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body, idempotencyKey } : body;
    return withInput(deps, c, { schema: CompleteActivityProcedureInputSchema, caller: 'member' }, input, async (caller, checked) =>
      c.json(await caller.activities.complete(checked), 200),
    );
  });

  app.get('/activity-log/users/:userId/activity-stats', (c) =>
    withCaller(deps, c, async (caller) => c.json(await caller.activities.stats({ userId: c.req.param('userId') }), 200)),
  );

  app.post('/activity-log/:activityId/mark-toast-shown', (c) =>
    withCaller(deps, c, async (caller) => c.json(await caller.activities.markToastShown({ activityId: c.req.param('activityId') }), 200)),
  );

  app.get('/activities', (c) => withCaller(deps, c, async (caller) => c.json(await caller.activities.catalogue(), 200)));

  return app;
}

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const activitiesRestOperations: RestOperation[] = [
  {
    method: 'post',
    path: '/api/activity-log',
    summary: 'Registra una actividad completada y los pasos que gana.',
    description:
      'Solo suma pasos con una prueba que el servidor tiene y aún no ha usado; sin ella responde 409 y no registra nada. ' +
      'Pasado el límite diario se registra con `stepsEarned: 0` y `limitReached: true`. La misma `Idempotency-Key` repite la primera respuesta sin sumar nada; con otro cuerpo, 422.',
    access: 'member',
    headers: z.object({ 'Idempotency-Key': IdempotencyKeySchema.optional() }),
    body: { required: true, content: json(CompleteActivityInputSchema) },
    responses: { 200: { description: 'La actividad registrada y tus totales.', content: json(CompletionResultSchema) } },
    errors: [400, 409, 422, 429],
  },
  {
    method: 'get',
    path: '/api/activity-log/users/{userId}/activity-stats',
    summary: 'Los pasos de una persona: en total, hoy y por actividad.',
    description: 'El id de otra persona responde 403 (quien administra puede leer los de cualquiera).',
    access: 'member',
    params: StatsInputSchema,
    responses: { 200: { description: 'Sus pasos.', content: json(ActivityStatsSchema) } },
    errors: [400, 403],
  },
  {
    method: 'post',
    path: '/api/activity-log/{activityId}/mark-toast-shown',
    summary: 'Marca como visto el aviso de una actividad registrada.',
    access: 'member',
    params: MarkToastShownInputSchema,
    responses: { 200: { description: 'Marcado (`firstTime`: si es la primera vez).', content: json(MarkToastShownSchema) } },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/activities',
    summary: 'El catálogo de actividades: clave, nombre, pasos base, multiplicador y límite diario.',
    access: 'member',
    responses: { 200: { description: 'El catálogo.', content: json(CatalogueSchema) } },
  },
];
