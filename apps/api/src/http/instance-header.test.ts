import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { INSTANCE_HEADER, instanceHeader } from './instance-header';
import type { AppEnv } from './types';

function appWith(env: Record<string, string>, instanceId: string | undefined) {
  const app = new Hono<AppEnv>();
  const middleware = instanceHeader({ config: loadConfig(env), redis: instanceId ? ({ instanceId } as never) : undefined });
  if (middleware) app.use('*', middleware);
  app.get('/api/health', (c) => c.json({ ok: true }));
  app.get('/raw', () => new Response('sin cabeceras'));
  return app;
}

describe('X-Ascenso-Instance', () => {
  it('names the answering instance on every response when INSTANCES > 1', async () => {
    const app = appWith({ INSTANCES: '2', REDIS_URL: 'redis://127.0.0.1:6379' }, 'instancia-a');
    for (const path of ['/api/health', '/raw', '/no-existe']) {
      expect((await app.request(path)).headers.get(INSTANCE_HEADER)).toBe('instancia-a');
    }
  });

  it('is absent with one instance', async () => {
    const app = appWith({ REDIS_URL: 'redis://127.0.0.1:6379' }, 'instancia-a');
    expect((await app.request('/api/health')).headers.get(INSTANCE_HEADER)).toBeNull();
    expect(instanceHeader({ config: loadConfig({}), redis: undefined })).toBeUndefined();
  });
});
