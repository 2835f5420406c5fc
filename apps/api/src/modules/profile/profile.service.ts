import type { AddressForm, Preferences } from '@ascenso/domain/address-form';
import { TimezoneSchema } from '@ascenso/domain/auth';
import { addDays, localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import type { Deps } from '../../deps';
import { toPublicUser } from '../auth/auth.service';
import { insertWithinDailyQuota } from '../quotas/quotas';
import { sharesOf } from '../shares/shares.service';
import { workHoursOf } from '../calendar/calendar.service';
import type { Repositories } from '@ascenso/db/store';

type User = { id: string; timezone: string };

const LEDGER_LIMIT = 200;

export async function updateProfile(
  deps: Deps,
  user: User,
  input: {
    firstName: string;
    lastName?: string | null | undefined;
    timezone: string;
    addressForm?: AddressForm | undefined;
  },
) {
  if (!TimezoneSchema.safeParse(input.timezone).success)
    throw new DomainError('VALIDATION', 'Zona horaria desconocida', {
      fieldErrors: { timezone: ['Zona horaria desconocida'] },
    });
  await deps.repos.users.update(user.id, {
    firstName: input.firstName,
    lastName: input.lastName || null,
    timezone: input.timezone,
    ...(input.addressForm ? { addressForm: input.addressForm } : {}),
    updatedAt: deps.clock(),
  });
  const row = await deps.repos.users.findById(user.id);
  if (!row) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  return toPublicUser(row);
}

/** "¿Cómo quieres que te hable?": the coach's form of address for this user. */
export async function getPreferences(deps: Deps, userId: string): Promise<Preferences> {
  const row = await deps.repos.users.findById(userId);
  if (!row) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  return { addressForm: row.addressForm };
}

export async function setPreferences(deps: Deps, userId: string, input: Preferences): Promise<Preferences> {
  await deps.repos.users.update(userId, { addressForm: input.addressForm, updatedAt: deps.clock() });
  return getPreferences(deps, userId);
}

/** Every ledger entry with the reason it earned what it earned, plus admin adjustments. */
export async function ledger(deps: Deps, userId: string) {
  const [catalogue, recent, adjustmentRows] = await Promise.all([
    deps.repos.steps.listActivities(),
    deps.repos.steps.recentCompletions(userId, LEDGER_LIMIT),
    deps.repos.admin.listAdjustments(userId),
  ]);
  const names = new Map(catalogue.map((a) => [a.key, a.name]));
  const completions = recent.map((c) => ({
    id: c.id,
    kind: 'completion' as const,
    at: c.completedAt,
    day: c.day,
    activityKey: c.activityKey as string | null,
    label: names.get(c.activityKey) ?? c.activityKey,
    steps: c.stepsEarned,
    reason: c.limitReached ? 'límite diario alcanzado' : `+${c.stepsEarned} pasos`,
  }));
  const adjustments = adjustmentRows.map((a) => ({
    id: a.id,
    kind: 'adjustment' as const,
    at: a.at,
    day: a.day,
    activityKey: null,
    label: 'Ajuste manual',
    steps: a.steps,
    reason: a.reason,
  }));
  return [...completions, ...adjustments].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, LEDGER_LIMIT);
}

/** Steps per local day for the last `days` days (oldest first, zeros included), read in two range queries. */
export async function stepsHistory(deps: Deps, user: User, days = 30) {
  const today = localDay(deps.clock(), user.timezone);
  const dayList = Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
  const from = dayList[0] ?? today;
  const [completions, adjustments] = await Promise.all([
    deps.repos.steps.rangeByActivity(user.id, from, today),
    deps.repos.admin.adjustmentsByDay(user.id, from, today),
  ]);
  const byDay = new Map<string, number>();
  for (const row of [...completions, ...adjustments]) byDay.set(row.day, (byDay.get(row.day) ?? 0) + (row.steps ?? 0));
  return dayList.map((day) => ({ day, steps: byDay.get(day) ?? 0 }));
}

export async function listNotes(deps: Deps, userId: string) {
  return (await deps.repos.admin.listNotes(userId)).map((n) => ({ id: n.id, text: n.text, createdAt: n.createdAt, updatedAt: n.updatedAt }));
}

export async function addNote(deps: Deps, user: User, text: string) {
  const now = deps.clock();
  const row = { id: crypto.randomUUID(), userId: user.id, text, createdAt: now, updatedAt: now };
  await insertWithinDailyQuota(deps, user, 'notes', (tx) => tx.admin.insertNote(row));
  return { id: row.id, text: row.text, createdAt: now, updatedAt: now };
}

export async function editNote(deps: Deps, userId: string, id: string, text: string) {
  if (!(await deps.repos.admin.updateNote(userId, id, text, deps.clock()))) throw new DomainError('NOT_FOUND', 'Nota no encontrada');
  return { success: true as const };
}

export async function removeNote(deps: Deps, userId: string, id: string) {
  if (!(await deps.repos.admin.deleteNote(userId, id))) throw new DomainError('NOT_FOUND', 'Nota no encontrada');
  return { success: true as const };
}

export async function editCommitment(deps: Deps, userId: string, id: string, text: string) {
  if (!(await deps.repos.coaching.updateCommitmentText(userId, id, text))) throw new DomainError('NOT_FOUND', 'Compromiso no encontrado');
  return { success: true as const };
}

export async function removeCommitment(deps: Deps, userId: string, id: string) {
  if (!(await deps.repos.coaching.deleteCommitment(userId, id))) throw new DomainError('NOT_FOUND', 'Compromiso no encontrado');
  return { success: true as const };
}

/** GET /api/profile/export: every piece of the user's data as one JSON document, read in one transaction (one consistent view). */
export function exportData(deps: Deps, userId: string) {
  return deps.store.transaction(
    async (tx) => {
      const row = await tx.users.findById(userId);
      if (!row) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
      const conversations = [];
      for (const c of await tx.coaching.listConversations(userId, undefined, 10_000)) {
        conversations.push({ ...c, messages: (await tx.coaching.listMessages(c.id)).map(({ userId: _u, ...m }) => m) });
      }
      return {
        exportedAt: deps.clock(),
        format: 'ascenso-export-v1',
        account: { ...toPublicUser(row), createdAt: row.createdAt, updatedAt: row.updatedAt },
        assessments: await tx.assessments.history(userId),
        assessmentProgress: (await tx.assessments.progress(userId)) ?? null,
        steps: {
          totalSteps: await tx.steps.total(userId),
          ledger: await tx.steps.recentCompletions(userId, 1_000_000),
          adjustments: await tx.admin.listAdjustments(userId),
        },
        journal: await tx.coaching.recentJournalEntries(userId, 1_000_000),
        coaching: {
          conversations,
          commitments: await tx.coaching.listCommitments(userId),
          dailyPlans: await tx.coaching.listPlans(userId),
          aiUsage: await tx.coaching.listUsage(userId),
        },
        coachMemory: { notes: await tx.admin.listNotes(userId) },
        wellbeing: {
          listens: await tx.listens.listListens(userId),
          practiceSessions: await tx.listens.listPractice(userId),
        },
        // Shares with a coach or therapist (decision 029): what, until when, views; never the token.
        shares: await sharesOf(tx, userId, deps.clock()),
        // Work hours and the calendar subscription (decision 031): when it was made and last read; never the token.
        workHours: workHoursOf(row),
        calendarFeed: await calendarFeedOf(tx, userId),
      };
    },
    { mode: 'deferred' },
  );
}

async function calendarFeedOf(tx: Repositories, userId: string) {
  const feed = await tx.calendar.findFeed(userId);
  return feed ? { createdAt: feed.createdAt, lastFetchedAt: feed.lastFetchedAt } : null;
}
