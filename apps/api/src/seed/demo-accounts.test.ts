import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts';

describe('seedDemoAccounts', () => {
  it('seeds the three contract accounts with a week of history for Lucía, once', async () => {
    const t = createTestApp({ env: { NODE_ENV: 'development' } });
    expect(await seedDemoAccounts(t.deps)).toBe(true);
    expect(await seedDemoAccounts(t.deps)).toBe(false);
    expect(await t.deps.repos.users.count()).toBe(3);
    // The demo addresses are confirmed: shares and the calendar feed work for them at once.
    expect(await t.sql('select email from users where email_verified_at is null')).toEqual([]);

    const login = await t.request('/api/auth/login', {
      body: { email: 'demo@ascenso.local', password: 'Ascenso-demo-2026' },
    });
    expect(await login.json()).toMatchObject({ firstName: 'Lucía', role: 'user' });
    const admin = await t.request('/api/auth/login', {
      body: { email: 'admin@ascenso.local', password: 'Ascenso-admin-2026' },
    });
    expect(await admin.json()).toMatchObject({ role: 'admin' });

    const lucia = await t.deps.repos.users.findByEmail('demo@ascenso.local');
    // ::int-free counts: PostgreSQL answers bigint as text, hence Number().
    const [dayRow] = await t.sql(
      'select count(distinct day) as days, count(*) as n, sum(steps_earned) as steps from activity_completions where user_id = ?',
      lucia?.id,
    );
    const days = { days: Number(dayRow?.days), n: Number(dayRow?.n), steps: Number(dayRow?.steps) };
    expect(days.days).toBeGreaterThanOrEqual(7);
    expect(days.n).toBeGreaterThan(20);
    expect(await t.deps.repos.steps.total(lucia?.id ?? '')).toBe(days.steps);
    // The third journaling entry of one day hit the limit of 2 and earned nothing.
    const refused = await t.sql('select id from activity_completions where user_id = ? and limit_reached', lucia?.id);
    expect(refused).toHaveLength(1);

    // Lucía and the admin have completed the assessment; Mateo has not.
    const completed = async (email: string) => (await t.deps.repos.assessments.latest((await t.deps.repos.users.findByEmail(email))?.id ?? '')) !== undefined;
    expect(await Promise.all([completed('demo@ascenso.local'), completed('nuevo@ascenso.local'), completed('admin@ascenso.local')])).toEqual([
      true,
      false,
      true,
    ]);
    // Both have read their results long ago: Home does not say they are ready.
    for (const email of ['demo@ascenso.local', 'admin@ascenso.local']) {
      const latest = await t.deps.repos.assessments.latest((await t.deps.repos.users.findByEmail(email))?.id ?? '');
      expect(latest?.resultsOpenedAt?.getTime()).toBe((latest?.createdAt.getTime() ?? 0) + 5 * 60_000);
    }
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual(['demo@ascenso.local', 'nuevo@ascenso.local', 'admin@ascenso.local']);
  });

  it('never seeds in production or into a database that has users', async () => {
    const production = createTestApp({ env: { NODE_ENV: 'production' } });
    expect(await seedDemoAccounts(production.deps)).toBe(false);
    const used = createTestApp({ env: { NODE_ENV: 'development' } });
    await used.registerUser();
    expect(await seedDemoAccounts(used.deps)).toBe(false);
    expect(await used.deps.repos.users.count()).toBe(1);
  });
});
