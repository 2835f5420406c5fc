import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { withCaller } from '../../http/rest';
import type { AppEnv } from '../../http/types';

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
