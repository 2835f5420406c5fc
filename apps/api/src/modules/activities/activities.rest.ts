import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { readJsonBody } from '../../http/errors';
import { withCaller, withInput } from '../../http/rest';
import { CompleteActivityProcedureInputSchema } from './activities.schema';
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
