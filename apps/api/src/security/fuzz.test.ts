import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { callPath, listProcedures } from '../testing/procedures';

/** Realistic inputs per procedure, mutated field by field into hostile ones. */
const EXAMPLES: Record<string, Record<string, unknown>> = {
  'auth.login': { email: 'a@b.es', password: 'x' },
  'auth.register': { email: 'a@b.es', password: 'una frase bastante larga', firstName: 'Ana' },
  'activities.complete': { activity_key: 'active_break', duration_minutes: 2 },
  'assessment.saveProgress': { currentSection: 1, responses: {}, completedSections: [] },
  'assessment.complete': { responses: COMPLETE_RESPONSES, version: '1.0' },
  'coaching.start': { kind: 'chat' },
  'journaling.create': { mood: 'calma', body: 'hola' },
  'practice.start': { kind: 'breathing', ref: 'cuadrada', minutes: 1 },
  'profile.update': { firstName: 'Ana', timezone: 'Europe/Madrid' },
  'admin.updateActivity': { key: 'active_break', name: 'Pausa', baseSteps: 70, multiplier: 1, dailyLimit: 10 },
};

const hostileValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom('', ' ', '<script>alert(1)</script>', "' OR 1=1 --", '\u0000', '../../etc/passwd', 'x'.repeat(5000), -1, 1e308, Number.NaN, null, [], {}),
);

const hostileInput = (path: string) => {
  const example = EXAMPLES[path];
  const whole = fc.oneof(fc.constant(undefined), fc.anything({ maxDepth: 3 }), fc.dictionary(fc.string(), hostileValue));
  if (!example) return whole;
  const keys = Object.keys(example);
  const mutated = fc.record(Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.constant(example[k]), hostileValue)])));
  return fc.oneof(whole, mutated);
};

/** Procedures that hash a password (slow on purpose): fewer runs. */
const SLOW = new Set(['auth.login', 'auth.register', 'auth.changePassword', 'profile.delete']);

describe('property: no procedure answers a hostile input with an internal error', () => {
  const procedures = listProcedures();

  it.each(procedures)('$path', async ({ path }) => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    await t.request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
    await t.sql("update users set role = 'admin' where id = ?", user.id);
    const callers = [t.callerFor(''), t.callerFor(cookie)];
    await fc.assert(
      fc.asyncProperty(hostileInput(path), fc.integer({ min: 0, max: 1 }), async (input, who) => {
        try {
          await callPath(callers[who], path, input);
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) throw error;
        }
      }),
      { numRuns: SLOW.has(path) ? 8 : 40 },
    );
  });
});

describe('property: every REST path answers bad requests with the envelope, never a 5xx', () => {
  it('holds for random methods, paths, bodies and headers', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const routes = t.app.routes.filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL').map((r) => ({ method: r.method, path: r.path }));
    expect(routes.length).toBeGreaterThan(25);
    const body = fc.oneof(
      fc.constant(undefined),
      fc.json().map((raw) => ({ raw, type: 'application/json' })),
      fc.string().map((raw) => ({ raw, type: 'application/json' })),
      fc.string().map((raw) => ({ raw, type: 'text/plain' })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.string({ maxLength: 40 }),
        body,
        fc.boolean(),
        fc.option(fc.string({ maxLength: 30 })),
        async (route, param, payload, signedIn, range) => {
          const path = route.path.replace(/:[a-zA-Z]+/g, encodeURIComponent(param) || 'x');
          const headers: Record<string, string> = {};
          const sendsBody = payload !== undefined && route.method !== 'GET' && route.method !== 'HEAD';
          if (sendsBody) headers['content-type'] = payload.type;
          if (range) headers.range = range;
          const response = await t.request(path, {
            method: route.method,
            ...(sendsBody ? { rawBody: payload.raw } : {}),
            ...(signedIn ? { cookie } : {}),
            headers,
          });
          expect(response.status, `${route.method} ${path}`).toBeLessThan(500);
          if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
            const text = await response.text();
            expect(text).not.toMatch(/\s+at\s+\S+\s+\(/);
            const json = JSON.parse(text) as { error?: { code?: string; requestId?: string } };
            expect(json.error?.code).toEqual(expect.any(String));
            expect(json.error?.requestId).toEqual(expect.any(String));
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
