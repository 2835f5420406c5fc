import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { readJsonBody } from '../../http/errors';
import { withCaller } from '../../http/rest';
import type { AppEnv } from '../../http/types';

/** GET /api/profile/export and DELETE /api/profile. */
export function profileRest(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/profile/export', (c) =>
    withCaller(deps, c, async (caller) => {
      const data = await caller.profile.export();
      return c.json(data, 200, { 'Content-Disposition': 'attachment; filename="ascenso-mis-datos.json"' });
    }),
  );
  app.delete('/profile', async (c) => {
    const body = await readJsonBody(c);
    return withCaller(deps, c, async (caller) => {
      await caller.profile.delete(body as never);
      return c.body(null, 204);
    });
  });
  return app;
}
