import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { readJsonBody } from '../../http/errors';
import { json, type RestOperation } from '../../http/openapi';
import { withCaller, withInput } from '../../http/rest';
import { z } from 'zod';
import { GeneratePlanInputSchema, PlanSchema } from './daily-plan.router';

/** The plan as the REST paths answer it: the procedure's plan, three of its fields. */
const RestPlanSchema = PlanSchema.unwrap().pick({ content: true, generatedAt: true, items: true }).nullable();
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

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const dailyPlanRestOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/api/daily-plan',
    summary: 'Tu plan de hoy, o `null` si aún no lo has generado.',
    description: '`content` es HTML saneado; sus enlaces llevan una de las clases breathing, fitness, journal, coaching, active-breaks o meditation.',
    access: 'member',
    responses: { 200: { description: 'El plan.', content: json(z.object({ plan: RestPlanSchema })) } },
  },
  {
    method: 'post',
    path: '/api/generate-daily-plan',
    summary: 'Genera tu plan de hoy (una vez al día, salvo que lo pidas con `force`).',
    access: 'member',
    body: { required: false, content: json(GeneratePlanInputSchema) },
    responses: {
      200: { description: 'El plan, y si se ha generado ahora (`generated`).', content: json(z.object({ plan: RestPlanSchema, generated: z.boolean() })) },
    },
    errors: [400, 429, 503],
  },
];
