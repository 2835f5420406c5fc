import { beforeAll, describe, expect, it } from 'vitest';
import { MALFORMED_TEXT_MESSAGE } from '../trpc/clean-text';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Every REST path whose body the shim checks with the procedure's input schema (http/rest.ts `withInput`). */
const MEMBER_BODY_PATHS: Array<[method: string, path: string]> = [
  ['POST', '/api/activity-log'],
  ['POST', '/api/assessment/progress'],
  ['POST', '/api/assessment/complete'],
  ['PUT', '/api/profile/work-hours'],
  ['POST', '/api/generate-daily-plan'],
  ['PATCH', '/api/meditations/m1/completed'],
  ['POST', '/api/activity-log/audio-complete'],
  ['DELETE', '/api/profile'],
  ['POST', '/api/shares'],
];

describe('REST bodies checked with the procedures’ input schemas (decision 040)', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = createTestApp();
    ({ cookie } = await t.registerUser());
  });

  it.each(MEMBER_BODY_PATHS)('%s %s: a visitor with a bad body gets 401, as from the procedure; a member gets 400 by field', async (method, path) => {
    const visitor = await t.request(path, { method, body: { nada: 1, force: 'sí', completed: 'no' } });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: 'Necesitas iniciar sesión' } });
    const member = await t.request(path, { method, cookie, body: { include: 'x', days: 'x', force: 'sí', completed: 'no', confirm: 'x' } });
    expect(member.status).toBe(400);
    expect(await member.json()).toMatchObject({
      error: { code: 'VALIDATION', message: 'Revisa los campos marcados', details: { fieldErrors: expect.any(Object) } },
    });
  });

  it('a body holding a NUL character gets the clean-text refusal before the schema’s, as from the procedure', async () => {
    const response = await t.request('/api/auth/login', { body: { email: 'a\u0000b', password: 3 } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION', message: MALFORMED_TEXT_MESSAGE } });
  });
});
