import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { readJsonBody } from '../../http/errors';
import { withCaller, withInput } from '../../http/rest';
import { GeneratePlanInputSchema } from './daily-plan.router';
import type { AppEnv } from '../../http/types';

/** GET /api/daily-plan and POST /api/generate-daily-plan (body optional: `{ "force": true }`). */
export function dailyPlanRest(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/daily-plan', (c) =>
    withCaller(deps, c, async (caller) => {
      const { plan } = await caller.dailyPlan.today();
      return c.json({ plan: plan ? { content: plan.content, generatedAt: plan.generatedAt, items: plan.items } : null }, 200);
    }),
  );
  app.post('/generate-daily-plan', async (c) => {
    const body = await readJsonBody(c);
    return withInput(deps, c, { schema: GeneratePlanInputSchema, caller: 'member' }, body, async (caller, input) => {
      const result = await caller.dailyPlan.generate(input);
      const plan = result.plan;
      return c.json(
        {
          plan: plan ? { content: plan.content, generatedAt: plan.generatedAt, items: plan.items } : null,
          generated: result.generated,
        },
        200,
      );
    });
  });
  return app;
}
