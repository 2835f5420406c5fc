import type { ActivityKey } from '@ascenso/domain/activities';
import { startOfNextLocalDay } from '@ascenso/domain/calendar';
import type { Deps } from '../deps';
import { recordUnverifiedActivity } from '../modules/activities/activities.service';
import { completeAssessment, markResultsOpened } from '../modules/assessment/assessment.service';
import { ADMIN_ASSESSMENT, LUCIA_ASSESSMENT } from './demo-assessments';
import { LUCIA_CHATS, LUCIA_JOURNAL, LUCIA_SESSION, seedChat, seedJournalEntry, seedNotes, seedSession } from './demo-story';

/** The demo accounts of the contract; seeded only outside production, into an empty database. */
export const DEMO_ACCOUNTS = [
  { email: 'demo@ascenso.local', password: 'Ascenso-demo-2026', firstName: 'Lucía', lastName: 'Martín', role: 'user' },
  { email: 'nuevo@ascenso.local', password: 'Ascenso-demo-2026', firstName: 'Mateo', lastName: 'Ruiz', role: 'user' },
  { email: 'admin@ascenso.local', password: 'Ascenso-admin-2026', firstName: 'Admin', lastName: null, role: 'admin' },
] as const;

const HOUR = 60 * 60 * 1000;

/** Lucía's last seven days: what a regular user of the app does (hours are local-ish offsets). */
const LUCIA_WEEK: ReadonlyArray<ReadonlyArray<[ActivityKey, number]>> = [
  [
    ['audio_ascenso_daily', 10],
    ['breathing_short', 3],
    ['journaling', 15],
  ],
  [
    ['active_break', 2],
    ['active_break', 2],
    ['fitness_class_short', 12],
    ['consulta_rapida', 8],
  ],
  [
    ['audio_ascenso_daily', 9],
    ['breathing_long', 6],
    ['journaling', 20],
    ['journaling', 10],
    ['journaling', 5],
  ],
  [
    ['active_break', 3],
    ['sesion_completa', 35],
    ['breathing_short', 2],
  ],
  [
    ['audio_ascenso_archive', 7],
    ['fitness_class_medium', 20],
    ['active_break', 2],
  ],
  [
    ['audio_ascenso_daily', 10],
    ['breathing_short', 3],
    ['consulta_rapida', 6],
    ['active_break', 2],
  ],
  [
    ['fitness_class_long', 32],
    ['journaling', 12],
    ['breathing_long', 5],
  ],
];

/**
 * Seeds a week of history, each activity at its own moment. Journal entries, quick consultations and the
 * structured session go through the services a user goes through (entry, chat, session with summary and
 * commitments), so their ledger rows carry evidence and have their entry or conversation behind them.
 * The practices (audios, breathing, breaks, classes) are history without evidence (decision 014).
 */
async function seedWeekOfHistory(deps: Deps, actor: { id: string; firstName: string; timezone: string }) {
  const now = deps.clock().getTime();
  // Each day of the week is a real local day of hers (so "yesterday" is yesterday), from 08:00 local.
  const todayStart = startOfNextLocalDay(new Date(now - 24 * HOUR), actor.timezone).getTime();
  const dayStart = (daysAgo: number) => startOfNextLocalDay(new Date(todayStart - (daysAgo * 24 + 12) * HOUR), actor.timezone).getTime();
  const journal = [...LUCIA_JOURNAL];
  const chats = [...LUCIA_CHATS];
  for (const [index, day] of LUCIA_WEEK.entries()) {
    const daysAgo = LUCIA_WEEK.length - index;
    for (const [slot, [activityKey, minutes]] of day.entries()) {
      const at = new Date(dayStart(daysAgo) + (8 + 2 * slot) * HOUR);
      if (activityKey === 'journaling') {
        const entry = journal.shift();
        if (entry) await seedJournalEntry(deps, actor, at, entry);
      } else if (activityKey === 'consulta_rapida') {
        const chat = chats.shift();
        if (chat) await seedChat(deps, actor, at, chat);
      } else if (activityKey === 'sesion_completa') {
        await seedSession(deps, actor, at, LUCIA_SESSION);
      } else {
        await recordUnverifiedActivity({ ...deps, clock: () => at }, actor, {
          activity_key: activityKey,
          duration_minutes: minutes,
        });
      }
    }
  }
  await seedNotes(deps, actor, new Date(dayStart(2) + 20 * HOUR));
}

/**
 * Seeds the demo accounts when no user exists yet: Lucía and the admin with a completed assessment,
 * Lucía with a week of activity (journal, chats, a finished session, notes), Mateo with nothing yet.
 * Returns whether it seeded.
 */
export async function seedDemoAccounts(deps: Deps): Promise<boolean> {
  if (deps.config.isProduction || (await deps.repos.users.count()) > 0) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => deps.passwords.hash(account.password)));
  const now = deps.clock();
  await deps.store.transaction(async (tx) => {
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      await tx.users.insert({
        id: crypto.randomUUID(),
        email: account.email,
        passwordHash: hashes[index] ?? '',
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        timezone: 'Europe/Madrid',
        // The demo addresses are the app's own: confirmed from the start (no welcome mail to open).
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
  });
  const lucia = await deps.repos.users.findByEmail(DEMO_ACCOUNTS[0].email);
  const admin = await deps.repos.users.findByEmail(DEMO_ACCOUNTS[2].email);
  // Assessments a little over a week ago (each earns its 1000 pasos that day), then Lucía's week.
  const assessedAt = new Date(now.getTime() - 8 * 24 * HOUR);
  const then = { ...deps, clock: () => assessedAt };
  // Both read their results right after: a week of use later, Home no longer says they are ready.
  const readingThem = { ...deps, clock: () => new Date(assessedAt.getTime() + 5 * 60_000) };
  if (lucia) await completeAssessment(then, lucia, LUCIA_ASSESSMENT);
  if (admin) await completeAssessment(then, admin, ADMIN_ASSESSMENT);
  if (lucia) await markResultsOpened(readingThem, lucia.id);
  if (admin) await markResultsOpened(readingThem, admin.id);
  if (lucia) await seedWeekOfHistory(deps, lucia);
  deps.logger.info('seeded demo accounts', { emails: DEMO_ACCOUNTS.map((a) => a.email) });
  return true;
}
