import { createHash } from 'node:crypto';
import { decideAward, type ActivityKey, type CompleteActivityInput } from '@ascenso/domain/activities';
import { activityStats } from '@ascenso/domain/activity-stats';
import { localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import { isBusy, isUniqueViolation, type Repositories } from '@ascenso/db/store';
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

type Outcome =
  | { replayed: true; result: CompletionResult }
  | { replayed: false; result: CompletionResult; completion: CompletionEvent; stats: StatsEvent; eventSeq: number };

/** How far back a client's POST may claim evidence (a day: "completed today"). */
const CLAIM_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Awards made under another timezone count against today's limit for this long after them. */
const TIMEZONE_WINDOW_MS = 24 * 60 * 60 * 1000;

export type EvidenceSource = 'assessment' | 'session' | 'chat' | 'journal' | 'listen' | 'practice';

/** The piece of evidence the server holds behind a server-side award. */
export type Evidence = {
  source: EvidenceSource;
  /** The id of what backs it (assessment, conversation, journal entry, listen, practice). */
  ref: string;
  /** When it already backs a completion: replay that completion (default) or refuse with 409. */
  whenUsed?: 'replay' | 'conflict';
  /**
   * Runs first inside the transaction, with its repositories: checks (throw to refuse: nothing is
   * written), and the writes that must commit with the award or not at all (the journal entry it awards).
   */
  check?: (tx: Repositories) => Promise<void>;
  /** Runs inside the transaction once the completion is written (e.g. marks the practice done). */
  onRecorded?: (tx: Repositories, completionId: string) => Promise<void>;
};

type Mode = { kind: 'evidence'; evidence: Evidence } | { kind: 'claim'; idempotencyKey: string | undefined } | { kind: 'unverified' };

/** The 409 of a completion with nothing behind it: `details.stepsEarned` is 0 and nothing is recorded. */
export function noEvidenceError(): DomainError {
  return new DomainError('CONFLICT', 'No hay ninguna actividad terminada que respalde estos pasos: completa la actividad en Ascenso para sumarlos.', {
    stepsEarned: 0,
    reason: 'NO_EVIDENCE',
  });
}

async function award(deps: Deps, actor: Actor, input: CompleteActivityInput, mode: Mode): Promise<CompletionResult> {
  const hash = requestHash(input);
  const idempotencyKey = mode.kind === 'claim' ? mode.idempotencyKey : undefined;

  const attempt = (): Promise<Outcome> =>
    deps.store.transaction(
      async (tx): Promise<Outcome> => {
        const steps = tx.steps;
        const now = deps.clock();
        if (idempotencyKey) {
          const previous = await steps.findIdempotency(actor.id, idempotencyKey);
          if (previous) {
            if (previous.requestHash !== hash) {
              throw new DomainError('IDEMPOTENCY_MISMATCH', 'Esta Idempotency-Key ya se usó con otra petición');
            }
            return { replayed: true, result: previous.response as CompletionResult };
          }
        }
        /** Stores the answer under the request's Idempotency-Key (if any), for the same request to replay it. */
        const rememberForIdempotency = async (result: CompletionResult) => {
          if (idempotencyKey)
            await steps.saveIdempotency({
              userId: actor.id,
              key: idempotencyKey,
              requestHash: hash,
              response: result,
              createdAt: now,
            });
        };
        const day = localDay(now, actor.timezone);
        // The activity with the day's counts, its highest slot and the day's steps, in one read (one round trip on
        // PostgreSQL). Read here, before the evidence: nothing until the insert below adds a completion, and this
        // transaction is serialised on the user (below), as every transaction that adds one is.
        const state = await steps.awardState(input.activity_key, actor.id, day, new Date(now.getTime() - TIMEZONE_WINDOW_MS), actor.timezone);
        if (!state)
          throw new DomainError('VALIDATION', 'Actividad desconocida', {
            fieldErrors: { activity_key: ['Actividad desconocida'] },
          });
        const activity = state.activity;

        let evidenceId: string | null = null;
        if (mode.kind === 'evidence') {
          await mode.evidence.check?.(tx);
          const evidence = await steps.recordEvidence({
            id: crypto.randomUUID(),
            userId: actor.id,
            activityKey: activity.key,
            source: mode.evidence.source,
            ref: mode.evidence.ref,
            createdAt: now,
          });
          if (evidence.userId !== actor.id) throw noEvidenceError();
          if (evidence.completionId) {
            if (mode.evidence.whenUsed === 'conflict') throw new DomainError('CONFLICT', 'Esta actividad ya está registrada', { stepsEarned: 0 });
            return { replayed: true, result: await replayOf(tx, evidence.completionId, activity.dailyLimit) };
          }
          evidenceId = evidence.id;
        } else if (mode.kind === 'claim') {
          const evidence = await steps.claimableEvidence(actor.id, activity.key, new Date(now.getTime() - CLAIM_WINDOW_MS));
          if (!evidence) throw noEvidenceError();
          await steps.claimEvidence(evidence.id, now);
          if (evidence.completionId) {
            // The server already awarded against it: the client's report of the same activity replays that award.
            const result = await replayOf(tx, evidence.completionId, activity.dailyLimit);
            await rememberForIdempotency(result);
            return { replayed: true, result };
          }
          evidenceId = evidence.id;
        }

        const decided = decideAward(activity, state.forLimit);
        // Rows of the same day string made under another timezone may hold low slots: take the next free one.
        const decision = decided.awardSlot === null ? decided : { ...decided, awardSlot: Math.max(decided.awardSlot, state.maxSlot + 1) };
        const id = crypto.randomUUID();
        await steps.insertCompletion({
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
          timezone: actor.timezone,
        });
        if (evidenceId && !(await steps.useEvidence(evidenceId, id)))
          throw new DomainError('CONFLICT', 'Esta actividad ya está registrada', { stepsEarned: 0 });
        if (mode.kind === 'evidence') await mode.evidence.onRecorded?.(tx, id);
        // The day's steps are the ones read above plus this award's (see awardState above).
        const totalSteps = decision.stepsEarned > 0 ? await steps.addToTotal(actor.id, decision.stepsEarned) : await steps.total(actor.id);
        const stats = { totalSteps, todaySteps: state.daySteps + decision.stepsEarned };
        const result: CompletionResult = {
          success: true,
          activityId: id,
          activityKey: activity.key as ActivityKey,
          stepsEarned: decision.stepsEarned,
          totalSteps: stats.totalSteps,
          todayCount: state.all + 1,
          dailyLimit: activity.dailyLimit,
          limitReached: decision.limitReached,
        };
        await rememberForIdempotency(result);
        const completion: CompletionEvent = {
          activityId: id,
          activityType: activity.key,
          activityName: activity.name,
          stepsEarned: decision.stepsEarned,
          icon: activity.icon,
          completedAt: now.toISOString(),
          limitReached: decision.limitReached,
          dailyLimit: activity.dailyLimit,
        };
        // The event row commits with the completion or not at all (the outbox, decision 026). This
        // transaction is serialised per user (serializeOn below: one writer per user on every instance),
        // so the user's events get their database-assigned seq in commit order: a client resuming after
        // seq N misses none of the user's later completions and gets them in the order they happened.
        const eventSeq = await tx.events.append({
          userId: actor.id,
          name: 'activity.completed',
          payload: { userId: actor.id, completion, stats },
          createdAt: now,
        });
        return { replayed: false, result, stats, completion, eventSeq };
      },
      // The user's awards are counted, then written: one at a time per user (unique award slots still decide).
      { serializeOn: `user:${actor.id}` },
    );

  let outcome: Outcome;
  try {
    outcome = await attempt();
  } catch (error) {
    // Another process won a race on the award slot or the idempotency key: the retry sees its commit.
    if (isUniqueViolation(error)) {
      outcome = await attempt();
    } else if (isBusy(error)) {
      throw new DomainError('BUSY', 'El servidor está ocupado. Inténtalo de nuevo en un momento.');
    } else {
      throw error;
    }
  }

  if (!outcome.replayed) {
    // After the commit: on the bus with its event id, then marked published (a relay publishes it if this process dies first).
    deps.outbox.publish('activity.completed', { userId: actor.id, completion: outcome.completion, stats: outcome.stats }, outcome.eventSeq);
  }
  return outcome.result;
}

/** The answer of an earlier completion, with today's totals (a replay awards nothing). */
async function replayOf(tx: Repositories, completionId: string, dailyLimit: number): Promise<CompletionResult> {
  const steps = tx.steps;
  const completion = await steps.findCompletion(completionId);
  if (!completion) throw noEvidenceError();
  return {
    success: true,
    activityId: completion.id,
    activityKey: completion.activityKey as ActivityKey,
    stepsEarned: completion.stepsEarned,
    totalSteps: await steps.total(completion.userId),
    todayCount: (await steps.countsForDay(completion.userId, completion.activityKey, completion.day)).all,
    dailyLimit,
    limitReached: completion.limitReached,
  };
}

/**
 * A server-side award backed by `evidence` (see decision 012): the evidence is recorded and linked to
 * the completion in the same BEGIN IMMEDIATE transaction as the count, the decision and the writes, so
 * each piece backs at most one completion, across processes. When it already backs one, that
 * completion is replayed (or refused, `whenUsed: 'conflict'`). Events are published after the commit.
 */
export function completeActivity(deps: Deps, actor: Actor, input: CompleteActivityInput, evidence: Evidence): Promise<CompletionResult> {
  return award(deps, actor, input, { kind: 'evidence', evidence });
}

/**
 * The client's report of a completion (POST /api/activity-log, `activities.complete`): it awards only
 * against evidence of that activity from the last 24 hours that the client has not claimed yet. Evidence
 * the server already awarded replays that award (200, no new row); without evidence → 409 with
 * `details.stepsEarned: 0`, nothing recorded. Idempotency keys replay the first answer.
 */
export function claimActivity(deps: Deps, actor: Actor, input: CompleteActivityInput, idempotencyKey?: string): Promise<CompletionResult> {
  return award(deps, actor, input, { kind: 'claim', idempotencyKey });
}

/**
 * Writes a completion with no evidence behind it. Only for the demo seed's history, benchmarks and tests
 * that need ledger rows; no request path calls it.
 */
export function recordUnverifiedActivity(deps: Deps, actor: Actor, input: CompleteActivityInput): Promise<CompletionResult> {
  return award(deps, actor, input, { kind: 'unverified' });
}

/** Today's and all-time steps of `userId`, readable by that user and by admins. */
export async function getActivityStats(deps: Deps, viewer: { id: string; role: string; timezone: string }, userId: string): Promise<ActivityStats> {
  if (viewer.id !== userId && viewer.role !== 'admin') {
    throw new DomainError('FORBIDDEN', 'Solo puedes ver tus propios pasos');
  }
  let timezone = viewer.timezone;
  if (viewer.id !== userId) {
    const user = await deps.repos.users.findById(userId);
    if (!user) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
    timezone = user.timezone;
  }
  const day = localDay(deps.clock(), timezone);
  const { total, rows, catalogue } = await deps.repos.steps.dayStats(userId, day);
  return activityStats(day, total, rows, catalogue);
}

/** Records that a completion's toast was shown; only the first call marks it. */
export async function markToastShown(deps: Deps, userId: string, activityId: string): Promise<{ success: true; firstTime: boolean }> {
  const completion = await deps.repos.steps.findCompletion(activityId);
  if (!completion || completion.userId !== userId) throw new DomainError('NOT_FOUND', 'Actividad no encontrada');
  return { success: true, firstTime: await deps.repos.steps.markToastShown(userId, activityId, deps.clock()) };
}

/** Deletes idempotency records older than a day. */
export function pruneIdempotency(deps: Deps): Promise<number> {
  return deps.repos.steps.pruneIdempotency(new Date(deps.clock().getTime() - IDEMPOTENCY_TTL_MS));
}
