import { CompleteAssessmentInputSchema, ProgressInputSchema } from '@ascenso/domain/assessment';
import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { readJsonBody } from '../../http/errors';
import { withCaller, withInput } from '../../http/rest';
import type { AppEnv } from '../../http/types';

/** The documented assessment paths, as shims over the assessment procedures. */
export function assessmentRest(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/assessment/status', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.status(), 200)));
  app.get('/assessment/progress', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.progress(), 200)));
  app.post('/assessment/progress', async (c) => {
    const body = await readJsonBody(c);
    return withInput(deps, c, { schema: ProgressInputSchema, caller: 'member' }, body, async (caller, input) =>
      c.json(await caller.assessment.saveProgress(input), 200),
    );
  });
  app.post('/assessment/complete', async (c) => {
    const body = await readJsonBody(c);
    return withInput(deps, c, { schema: CompleteAssessmentInputSchema, caller: 'member' }, body, async (caller, input) =>
      c.json(await caller.assessment.complete(input), 201),
    );
  });
  app.get('/assessment', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.latest(), 200)));
  app.get('/assessment/history', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.history(), 200)));
  app.get('/assessment/profile', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.profile(), 200)));
  app.get('/assessment/evaluation', (c) => withCaller(deps, c, async (caller) => c.json(await caller.assessment.evaluation(), 200)));

  return app;
}
