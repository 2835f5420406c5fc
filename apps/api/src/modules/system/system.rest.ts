import { Hono } from 'hono';
import type { Deps } from '../../deps';
import { json, type RestOperation } from '../../http/openapi';
import { withCaller } from '../../http/rest';
import type { AppEnv } from '../../http/types';
import { z } from 'zod';
import { HealthSchema } from './system.router';

/** What a stopping instance answers (app.ts, http/drain.ts). */
export const DrainingSchema = z.object({ ok: z.literal(false), status: z.literal('draining') });

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

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const systemRestOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'El estado del servicio y de su base de datos.',
    access: 'anyone',
    responses: {
      200: { description: 'Todo bien.', content: json(HealthSchema) },
      503: {
        description: 'La base de datos no responde, o la instancia se está deteniendo (`status: "draining"`, con `Retry-After`).',
        content: json(z.union([HealthSchema, DrainingSchema])),
        headers: ['Retry-After'],
      },
    },
  },
];
