import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { meditationForDay } from '@ascenso/domain/meditations';
import { describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../seed/demo-accounts';
import { createTestApp, createTestClock } from '../../testing/test-app';

/** Lucía's plan, written by the offline coach, at several local hours of the same Madrid day. */
async function planAt(instant: string) {
  const t = createTestApp({ env: { NODE_ENV: 'development' }, clock: createTestClock(new Date(instant)) });
  await seedDemoAccounts(t.deps);
  const login = await t.request('/api/auth/login', {
    body: { email: 'demo@ascenso.local', password: 'Ascenso-demo-2026' },
  });
  const caller = t.callerFor(login.headers.get('set-cookie')?.split(';')[0] ?? '');
  const { plan } = await caller.dailyPlan.generate();
  return { plan, t };
}

describe('the daily plan without a model (Europe/Madrid)', () => {
  it.each([
    ['2026-11-22T23:30:00Z', 'Buenas noches'], // 00:30 local
    ['2026-11-23T08:00:00Z', 'Buenos días'], // 09:00
    ['2026-11-23T15:00:00Z', 'Buenas tardes'], // 16:00
    ['2026-11-23T20:30:00Z', 'Buenas noches'], // 21:30
  ])('%s greets with %s and names yesterday', async (instant, greeting) => {
    const { plan } = await planAt(instant);
    expect(plan?.source).toBe('offline');
    expect(plan?.content).toContain(`${greeting}, Lucía.`);
    // Lucía's seeded yesterday: a long class, a journal entry and a long breathing practice.
    expect(plan?.content).toMatch(/Ayer [^;]+; hoy te propongo/);
    expect(plan?.content).not.toMatch(/Buenos días/.test(greeting) ? /Buenas (tardes|noches)/ : /Buenos días/);
  });

  it('offers today’s audio with its own title and real length', async () => {
    const t = createTestApp({ clock: createTestClock(new Date('2026-11-23T08:00:00Z')) });
    const { cookie } = await t.registerUser({ firstName: 'Ana' });
    await t.request('/api/assessment/complete', {
      cookie,
      body: { responses: { ...COMPLETE_RESPONSES, timeAvailability: 'abundante' }, version: '1.0' },
    });
    const { plan } = await t.callerFor(cookie).dailyPlan.generate();
    const audio = meditationForDay('2026-11-23');
    const item = plan?.items.find((i) => i.area === 'meditation');
    expect(item).toMatchObject({
      title: `Audio del día: ${audio.title}`,
      minutes: Math.round(audio.durationSeconds / 60),
    });
    expect(plan?.content).toContain(`Audio del día: ${audio.title}</a> · ${Math.round(audio.durationSeconds / 60)} min`);
  });
});
