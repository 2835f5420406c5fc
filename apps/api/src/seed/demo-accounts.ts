import type { ActivityKey } from '@ascenso/domain/activities';
import type { Deps } from '../deps';
import { recordUnverifiedActivity } from '../modules/activities/activities.service';
import { completeAssessment } from '../modules/assessment/assessment.service';
import { ADMIN_ASSESSMENT, LUCIA_ASSESSMENT } from './demo-assessments';

/** The demo accounts of the contract; seeded only outside production, into an empty database. */
export const DEMO_ACCOUNTS = [
  { email: 'demo@ascenso.local', password: 'Ascenso-demo-2026', firstName: 'Lucía', lastName: 'Martín', role: 'user' },
  { email: 'nuevo@ascenso.local', password: 'Ascenso-demo-2026', firstName: 'Mateo', lastName: 'Ruiz', role: 'user' },
  { email: 'admin@ascenso.local', password: 'Ascenso-admin-2026', firstName: 'Admin', lastName: null, role: 'admin' },
] as const;

const HOUR = 60 * 60 * 1000;

/** Lucía's last seven days: what a regular user of the app does (hours are local-ish offsets). */
const LUCIA_WEEK: ReadonlyArray<ReadonlyArray<[ActivityKey, number]>> = [
  [['audio_ascenso_daily', 10], ['breathing_short', 3], ['journaling', 15]],
  [['active_break', 2], ['active_break', 2], ['fitness_class_short', 12], ['consulta_rapida', 8]],
  [['audio_ascenso_daily', 9], ['breathing_long', 6], ['journaling', 20], ['journaling', 10], ['journaling', 5]],
  [['active_break', 3], ['sesion_completa', 35], ['breathing_short', 2]],
  [['audio_ascenso_archive', 7], ['fitness_class_medium', 20], ['active_break', 2]],
  [['audio_ascenso_daily', 10], ['breathing_short', 3], ['consulta_rapida', 6], ['active_break', 2]],
  [['fitness_class_long', 32], ['journaling', 12], ['breathing_long', 5]],
];

/** Seeds a week of history through the real completion service, each at its own moment. */
function seedWeekOfHistory(deps: Deps, actor: { id: string; timezone: string }) {
  const now = deps.clock().getTime();
  LUCIA_WEEK.forEach((day, index) => {
    const daysAgo = LUCIA_WEEK.length - index;
    day.forEach(([activityKey, minutes], slot) => {
      const at = new Date(now - daysAgo * 24 * HOUR - (6 - slot) * HOUR);
      recordUnverifiedActivity({ ...deps, clock: () => at }, actor, { activity_key: activityKey, duration_minutes: minutes });
    });
  });
}

/**
 * Seeds the demo accounts when no user exists yet: Lucía and the admin with a completed assessment,
 * Lucía with a week of activity, Mateo with nothing yet. Returns whether it seeded.
 */
export async function seedDemoAccounts(deps: Deps): Promise<boolean> {
  if (deps.config.isProduction || deps.repos.users.count() > 0) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => deps.passwords.hash(account.password)));
  const now = deps.clock();
  deps.dbHandle.sqlite.transaction(() => {
    DEMO_ACCOUNTS.forEach((account, index) => {
      deps.repos.users.insert({
        id: crypto.randomUUID(),
        email: account.email,
        passwordHash: hashes[index] ?? '',
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        timezone: 'Europe/Madrid',
        createdAt: now,
        updatedAt: now,
      });
    });
  })();
  const lucia = deps.repos.users.findByEmail(DEMO_ACCOUNTS[0].email);
  const admin = deps.repos.users.findByEmail(DEMO_ACCOUNTS[2].email);
  // Assessments a little over a week ago (each earns its 1000 pasos that day), then Lucía's week.
  const assessedAt = new Date(now.getTime() - 8 * 24 * HOUR);
  const then = { ...deps, clock: () => assessedAt };
  if (lucia) completeAssessment(then, lucia, LUCIA_ASSESSMENT);
  if (admin) completeAssessment(then, admin, ADMIN_ASSESSMENT);
  if (lucia) seedWeekOfHistory(deps, lucia);
  deps.logger.info('seeded demo accounts', { emails: DEMO_ACCOUNTS.map((a) => a.email) });
  return true;
}
