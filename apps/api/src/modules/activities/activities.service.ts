import { createHash } from 'node:crypto';
import { decideAward, type ActivityKey, type CompleteActivityInput } from '@ascenso/domain/activities';
import { localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import type { Deps } from '../../deps';
import type { CompletionEvent, StatsEvent } from '../../realtime/event-bus';
import type { ActivityStats, CompletionResult } from './activities.schema';

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

type Actor = { id: string; timezone: string };

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function requestHash(input: CompleteActivityInput): string {
  return createHash('sha256').update(canonical(input)).digest('hex');
}

function isSqliteError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

type Outcome =
  | { replayed: true; result: CompletionResult }
  | { replayed: false; result: CompletionResult; completion: CompletionEvent; stats: StatsEvent };

/**
 * Records a completion and awards steps under the daily limit, atomically: the count, the decision and
 * the writes happen in one BEGIN IMMEDIATE transaction (so a second process waits for the write lock),
 * and a unique index on the award slot refuses any over-award. With an idempotency key the first answer
 * is stored in the same transaction and replayed afterwards; the same key with another body is refused.
 * Events are published only after the commit.
 */
export function completeActivity(
  deps: Deps,
  actor: Actor,
  input: CompleteActivityInput,
  idempotencyKey?: string,
): CompletionResult {
  const steps = deps.repos.steps;
  const hash = requestHash(input);

  const attempt = (): Outcome =>
    steps.immediate((): Outcome => {
      const now = deps.clock();
      if (idempotencyKey) {
        const previous = steps.findIdempotency(actor.id, idempotencyKey);
        if (previous) {
          if (previous.requestHash !== hash) {
            throw new DomainError('IDEMPOTENCY_MISMATCH', 'Esta Idempotency-Key ya se usó con otra petición');
          }
          return { replayed: true, result: previous.response as CompletionResult };
        }
      }
      const activity = steps.findActivity(input.activity_key);
      if (!activity) throw new DomainError('VALIDATION', 'Actividad desconocida', { fieldErrors: { activity_key: ['Actividad desconocida'] } });
      const day = localDay(now, actor.timezone);
      const counts = steps.countsForDay(actor.id, activity.key, day);
      const decision = decideAward(activity, counts.awarded);
      const id = crypto.randomUUID();
      steps.insertCompletion({
        id,
        userId: actor.id,
        activityKey: activity.key,
        day,
        completedAt: now,
        stepsEarned: decision.stepsEarned,
        limitReached: decision.limitReached,
        awardSlot: decision.awardSlot,
        durationMinutes: input.duration_minutes ?? null,
        metadata: input.metadata ?? null,
        toastShownAt: null,
      });
      if (decision.stepsEarned > 0) steps.addToTotal(actor.id, decision.stepsEarned);
      const stats = { totalSteps: steps.total(actor.id), todaySteps: steps.daySteps(actor.id, day) };
      const result: CompletionResult = {
        success: true,
        activityId: id,
        activityKey: activity.key as ActivityKey,
        stepsEarned: decision.stepsEarned,
        totalSteps: stats.totalSteps,
        todayCount: counts.all + 1,
        dailyLimit: activity.dailyLimit,
        limitReached: decision.limitReached,
      };
      if (idempotencyKey) {
        steps.saveIdempotency({ userId: actor.id, key: idempotencyKey, requestHash: hash, response: result, createdAt: now });
      }
      return {
        replayed: false,
        result,
        stats,
        completion: {
          activityId: id,
          activityType: activity.key,
          activityName: activity.name,
          stepsEarned: decision.stepsEarned,
          icon: activity.icon,
          completedAt: now.toISOString(),
          limitReached: decision.limitReached,
          dailyLimit: activity.dailyLimit,
        },
      };
    });

  let outcome: Outcome;
  try {
    outcome = attempt();
  } catch (error) {
    // Another process won a race on the award slot or the idempotency key: the retry sees its commit.
    if (isSqliteError(error, 'SQLITE_CONSTRAINT_UNIQUE') || isSqliteError(error, 'SQLITE_CONSTRAINT_PRIMARYKEY')) {
      outcome = attempt();
    } else if (isSqliteError(error, 'SQLITE_BUSY')) {
      throw new DomainError('BUSY', 'El servidor está ocupado. Inténtalo de nuevo en un momento.');
    } else {
      throw error;
    }
  }

  if (!outcome.replayed) {
    deps.bus.publish('activity.completed', { userId: actor.id, completion: outcome.completion, stats: outcome.stats });
  }
  return outcome.result;
}

/** Today's and all-time steps of `userId`, readable by that user and by admins. */
export function getActivityStats(deps: Deps, viewer: { id: string; role: string; timezone: string }, userId: string): ActivityStats {
  if (viewer.id !== userId && viewer.role !== 'admin') {
    throw new DomainError('FORBIDDEN', 'Solo puedes ver tus propios pasos');
  }
  let timezone = viewer.timezone;
  if (viewer.id !== userId) {
    const user = deps.repos.users.findById(userId);
    if (!user) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
    timezone = user.timezone;
  }
  const day = localDay(deps.clock(), timezone);
  const steps = deps.repos.steps;
  const rows = steps.dayByActivity(userId, day);
  const today = new Map(rows.map((row) => [row.activityKey, row]));
  return {
    stats: {
      totalSteps: steps.total(userId),
      todaySteps: rows.reduce((sum, row) => sum + row.steps, 0),
      day,
      byActivity: steps.listActivities().map((activity) => {
        const row = today.get(activity.key);
        return {
          activityKey: activity.key,
          name: activity.name,
          icon: activity.icon,
          todayCount: row?.completions ?? 0,
          todaySteps: row?.steps ?? 0,
          dailyLimit: activity.dailyLimit,
          remaining: Math.max(0, activity.dailyLimit - (row?.awarded ?? 0)),
        };
      }),
    },
  };
}

/** Records that a completion's toast was shown; only the first call marks it. */
export function markToastShown(deps: Deps, userId: string, activityId: string): { success: true; firstTime: boolean } {
  const completion = deps.repos.steps.findCompletion(activityId);
  if (!completion || completion.userId !== userId) throw new DomainError('NOT_FOUND', 'Actividad no encontrada');
  return { success: true, firstTime: deps.repos.steps.markToastShown(userId, activityId, deps.clock()) };
}

/** Deletes idempotency records older than a day. */
export function pruneIdempotency(deps: Deps): number {
  return deps.repos.steps.pruneIdempotency(new Date(deps.clock().getTime() - IDEMPOTENCY_TTL_MS));
}
