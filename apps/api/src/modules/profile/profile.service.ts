import type { AddressForm, Preferences } from '@ascenso/domain/address-form';
import { TimezoneSchema } from '@ascenso/domain/auth';
import { addDays, localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import type { Deps } from '../../deps';
import { toPublicUser } from '../auth/auth.service';
import { insertWithinDailyQuota } from '../quotas/quotas';

type User = { id: string; timezone: string };

const LEDGER_LIMIT = 200;

export function updateProfile(
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
  deps.repos.users.update(user.id, {
    firstName: input.firstName,
    lastName: input.lastName || null,
    timezone: input.timezone,
    ...(input.addressForm ? { addressForm: input.addressForm } : {}),
    updatedAt: deps.clock(),
  });
  const row = deps.repos.users.findById(user.id);
  if (!row) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  return toPublicUser(row);
}

/** "¿Cómo quieres que te hable?": the coach's form of address for this user. */
export function getPreferences(deps: Deps, userId: string): Preferences {
  const row = deps.repos.users.findById(userId);
  if (!row) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  return { addressForm: row.addressForm };
}

export function setPreferences(deps: Deps, userId: string, input: Preferences): Preferences {
  deps.repos.users.update(userId, { addressForm: input.addressForm, updatedAt: deps.clock() });
  return getPreferences(deps, userId);
}

/** Every ledger entry with the reason it earned what it earned, plus admin adjustments. */
export function ledger(deps: Deps, userId: string) {
  const names = new Map(deps.repos.steps.listActivities().map((a) => [a.key, a.name]));
  const completions = deps.repos.steps.recentCompletions(userId, LEDGER_LIMIT).map((c) => ({
    id: c.id,
    kind: 'completion' as const,
    at: c.completedAt,
    day: c.day,
    activityKey: c.activityKey as string | null,
    label: names.get(c.activityKey) ?? c.activityKey,
    steps: c.stepsEarned,
    reason: c.limitReached ? 'límite diario alcanzado' : `+${c.stepsEarned} pasos`,
  }));
  const adjustments = deps.repos.admin.listAdjustments(userId).map((a) => ({
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

/** Steps per local day for the last `days` days (oldest first, zeros included). */
export function stepsHistory(deps: Deps, user: User, days = 30) {
  const today = localDay(deps.clock(), user.timezone);
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(today, i - (days - 1));
    return { day, steps: deps.repos.steps.daySteps(user.id, day) + deps.repos.admin.adjustmentsForDay(user.id, day) };
  });
}

export function listNotes(deps: Deps, userId: string) {
  return deps.repos.admin.listNotes(userId).map((n) => ({ id: n.id, text: n.text, createdAt: n.createdAt, updatedAt: n.updatedAt }));
}

export function addNote(deps: Deps, user: User, text: string) {
  const now = deps.clock();
  const row = { id: crypto.randomUUID(), userId: user.id, text, createdAt: now, updatedAt: now };
  insertWithinDailyQuota(deps, user, 'notes', () => deps.repos.admin.insertNote(row));
  return { id: row.id, text: row.text, createdAt: now, updatedAt: now };
}

export function editNote(deps: Deps, userId: string, id: string, text: string) {
  if (!deps.repos.admin.updateNote(userId, id, text, deps.clock())) throw new DomainError('NOT_FOUND', 'Nota no encontrada');
  return { success: true as const };
}

export function removeNote(deps: Deps, userId: string, id: string) {
  if (!deps.repos.admin.deleteNote(userId, id)) throw new DomainError('NOT_FOUND', 'Nota no encontrada');
  return { success: true as const };
}

export function editCommitment(deps: Deps, userId: string, id: string, text: string) {
  if (!deps.repos.coaching.updateCommitmentText(userId, id, text)) throw new DomainError('NOT_FOUND', 'Compromiso no encontrado');
  return { success: true as const };
}

export function removeCommitment(deps: Deps, userId: string, id: string) {
  if (!deps.repos.coaching.deleteCommitment(userId, id)) throw new DomainError('NOT_FOUND', 'Compromiso no encontrado');
  return { success: true as const };
}

/** GET /api/profile/export: every piece of the user's data as one JSON document. */
export function exportData(deps: Deps, userId: string) {
  const row = deps.repos.users.findById(userId);
  if (!row) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  const conversations = deps.repos.coaching.listConversations(userId, undefined, 10_000).map((c) => ({
    ...c,
    messages: deps.repos.coaching.listMessages(c.id).map(({ userId: _u, ...m }) => m),
  }));
  return {
    exportedAt: deps.clock(),
    format: 'ascenso-export-v1',
    account: { ...toPublicUser(row), createdAt: row.createdAt, updatedAt: row.updatedAt },
    assessments: deps.repos.assessments.history(userId),
    assessmentProgress: deps.repos.assessments.progress(userId) ?? null,
    steps: {
      totalSteps: deps.repos.steps.total(userId),
      ledger: deps.repos.steps.recentCompletions(userId, 1_000_000),
      adjustments: deps.repos.admin.listAdjustments(userId),
    },
    journal: deps.repos.coaching.recentJournalEntries(userId, 1_000_000),
    coaching: {
      conversations,
      commitments: deps.repos.coaching.listCommitments(userId),
      dailyPlans: deps.repos.coaching.listPlans(userId),
      aiUsage: deps.repos.coaching.listUsage(userId),
    },
    coachMemory: { notes: deps.repos.admin.listNotes(userId) },
    wellbeing: {
      listens: deps.repos.listens.listListens(userId),
      practiceSessions: deps.repos.listens.listPractice(userId),
    },
  };
}
