import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { json, type RestOperation } from '../../http/openapi';
import { withCaller } from '../../http/rest';
import type { AppEnv } from '../../http/types';
import { WeeklyReviewQuerySchema, WeeklyReviewSchema } from './weekly-review.router';

/** GET /api/weekly-review?week=YYYY-Www (default: the user's current local ISO week). */
export function weeklyReviewRest(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/weekly-review', (c) =>
    withCaller(deps, c, async (caller) => {
      const week = c.req.query('week');
      const review = await caller.weeklyReview.get(week === undefined ? undefined : { week });
      return c.json(review, 200, { 'Cache-Control': 'private, no-store' });
    }),
  );
  return app;
}

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const weeklyReviewRestOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/api/weekly-review',
    summary: 'Tu semana: días activos, pasos por día y área, ánimo, compromisos, tres momentos y una reflexión del coach.',
    description: 'Sin `week`, tu semana ISO actual en tu zona horaria.',
    access: 'member',
    query: WeeklyReviewQuerySchema,
    responses: { 200: { description: 'La semana.', content: json(WeeklyReviewSchema) } },
    errors: [400],
  },
];
