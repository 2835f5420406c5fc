import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { withCaller } from '../../http/rest';
import type { AppEnv } from '../../http/types';

export function systemRest(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/health', (c) =>
    withCaller(deps, c, async (caller) => {
      const health = await caller.health();
      return c.json(health, health.ok ? 200 : 503);
    }),
  );
  return app;
}
