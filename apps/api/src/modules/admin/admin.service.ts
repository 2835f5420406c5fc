import { ActivityValuesSchema } from '@ascenso/domain/activities';
import { addDays, localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import type { Deps } from '../../deps';
import { checkHealth } from '../system/system.service';

type Admin = { id: string; email: string; timezone: string };

export async function overview(deps: Deps, admin: Admin) {
  const now = deps.clock();
  const today = localDay(now, admin.timezone);
  const since = addDays(today, -13);
  const repo = deps.repos.admin;
  const [users, assessed, activeUsers7d, completionsByDay, aiUsageByDay, health] = await Promise.all([
    repo.userCount(),
    repo.assessedUserCount(),
    repo.activeUserCount(new Date(now.getTime() - 7 * 86_400_000)),
    repo.completionsByDay(since),
    repo.usageByDay(since),
    checkHealth(deps),
  ]);
  const [mail, ai] = await Promise.all([deps.mailer.verify(), deps.coachProvider.health(AbortSignal.timeout(3000))]);
  return {
    users,
    activeUsers7d,
    assessmentCompletionRate: users === 0 ? 0 : Math.round((assessed / users) * 1000) / 10,
    completionsByDay,
    aiUsageByDay,
    health: {
      database: health.database,
      mail,
      ai: { ...ai, model: deps.coachProvider.model },
    },
  };
}

export async function searchUsers(deps: Deps, query: string) {
  return (await deps.repos.admin.searchUsers(query, 100)).map((u) => ({ ...u, totalSteps: u.totalSteps ?? 0 }));
}

export function listCatalogue(deps: Deps) {
  return deps.repos.steps.listActivities();
}

/** Edits an activity's values; the change is kept in the audit log in the same transaction. */
export function updateActivity(deps: Deps, admin: Admin, input: { key: string; name: string; baseSteps: number; multiplier: number; dailyLimit: number }) {
  const values = ActivityValuesSchema.parse({
    name: input.name,
    baseSteps: input.baseSteps,
    multiplier: input.multiplier,
    dailyLimit: input.dailyLimit,
  });
  const now = deps.clock();
  return deps.store.transaction(async (tx) => {
    const before = await tx.steps.findActivity(input.key);
    if (!before) throw new DomainError('NOT_FOUND', 'Actividad desconocida');
    await tx.admin.updateActivity(input.key, values, now);
    await tx.admin.insertAudit({
      id: crypto.randomUUID(),
      activityKey: input.key,
      adminId: admin.id,
      adminEmail: admin.email,
      before: {
        name: before.name,
        baseSteps: before.baseSteps,
        multiplier: before.multiplier,
        dailyLimit: before.dailyLimit,
      },
      after: values,
      at: now,
    });
    return tx.steps.findActivity(input.key);
  });
}

export function auditLog(deps: Deps) {
  return deps.repos.admin.listAudit(200);
}

/** A manual adjustment (positive or negative) with a required reason; the user's tabs are told. */
export async function adjustSteps(deps: Deps, admin: Admin, input: { userId: string; steps: number; reason: string }) {
  const user = await deps.repos.users.findById(input.userId);
  if (!user) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  const now = deps.clock();
  const day = localDay(now, user.timezone);
  const totals = await deps.store.transaction(async (tx) => {
    await tx.admin.insertAdjustment({
      id: crypto.randomUUID(),
      userId: user.id,
      adminId: admin.id,
      steps: input.steps,
      reason: input.reason,
      day,
      at: now,
    });
    await tx.admin.addToTotal(user.id, input.steps);
    return {
      totalSteps: await tx.steps.total(user.id),
      todaySteps: (await tx.steps.daySteps(user.id, day)) + (await tx.admin.adjustmentsForDay(user.id, day)),
    };
  });
  deps.bus.publish('stats.updated', { userId: user.id, stats: totals });
  return { success: true as const, ...totals };
}
