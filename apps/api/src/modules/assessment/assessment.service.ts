import { ASSESSMENT_VERSION, AssessmentResponsesSchema, type AssessmentResponses, type ProgressInput } from '@ascenso/domain/assessment';
import { AssessmentEvaluationSchema, evaluateAssessment, type AssessmentEvaluation } from '@ascenso/domain/assessment-evaluation';
import { deriveCoachingProfile, type CoachingProfile } from '@ascenso/domain/assessment-profile';
import { resultsNoticeFor, type ResultsNotice } from '@ascenso/domain/assessment-results';
import { DomainError } from '@ascenso/domain/errors';
import { EVIDENCE_SHORTFALL_MESSAGES, sameAnswers } from '@ascenso/domain/evidence';
import type { AssessmentRow } from '@ascenso/db/schema/assessments';
import type { Repositories } from '@ascenso/db/store';
import type { Deps } from '../../deps';
import { completeActivity } from '../activities/activities.service';
import { buildCoachContext, recordUsage } from '../coaching/coach-context';
import { admitModelCall } from '../coaching/model-limits';
import { enforceDailyQuota, insertWithinDailyQuota } from '../quotas/quotas';

type Actor = { id: string; timezone: string };

export type StoredAssessment = { id: string; createdAt: Date; responses: AssessmentResponses; version: string };

function toStored(row: AssessmentRow): StoredAssessment {
  return {
    id: row.id,
    createdAt: row.createdAt,
    responses: row.responses as AssessmentResponses,
    version: row.version,
  };
}

async function latestOrThrow(deps: Deps, userId: string): Promise<StoredAssessment> {
  const row = await deps.repos.assessments.latest(userId);
  if (!row) throw new DomainError('NOT_FOUND', 'Todavía no has completado la evaluación');
  return toStored(row);
}

export async function getStatus(deps: Deps, userId: string) {
  const [latest, progress] = await Promise.all([deps.repos.assessments.latest(userId), deps.repos.assessments.progress(userId)]);
  return {
    completed: latest !== undefined,
    completedAt: latest?.createdAt ?? null,
    inProgress: progress !== undefined,
    currentSection: progress?.currentSection ?? null,
  };
}

export async function getProgress(deps: Deps, userId: string) {
  const progress = await deps.repos.assessments.progress(userId);
  if (!progress) throw new DomainError('NOT_FOUND', 'No hay una evaluación en curso');
  return {
    currentSection: progress.currentSection,
    responses: progress.responses,
    completedSections: progress.completedSections,
    lastSavedAt: progress.lastSavedAt,
  };
}

/** Autosave: partial answers are fine, invalid option values never get here (schema). */
export async function saveProgress(deps: Deps, userId: string, input: ProgressInput) {
  const lastSavedAt = deps.clock();
  await deps.repos.assessments.saveProgress({
    userId,
    currentSection: input.currentSection,
    responses: input.responses,
    completedSections: [...input.completedSections].sort((a, b) => a - b),
    lastSavedAt,
  });
  return { success: true as const, lastSavedAt };
}

/**
 * Stores a completed assessment (history is kept) and clears the progress. Answers that differ from the
 * latest assessment's award `assessment_completed` through the steps ledger in the same transaction (once a
 * day; the event reaches every tab); the same answers re-sent earn nothing, and the answer says so
 * (decision 037).
 */
export async function completeAssessment(
  deps: Deps,
  actor: Actor,
  responses: AssessmentResponses,
): Promise<StoredAssessment & { stepsEarned: number; stepsNote: string | null }> {
  const row: AssessmentRow = {
    id: crypto.randomUUID(),
    userId: actor.id,
    version: ASSESSMENT_VERSION,
    responses: AssessmentResponsesSchema.parse(responses),
    createdAt: deps.clock(),
    resultsOpenedAt: null,
  };
  const previous = await deps.repos.assessments.latest(actor.id);
  const unchanged = previous !== undefined && sameAnswers(previous.responses, row.responses);
  // At most QUOTA_ASSESSMENTS_PER_DAY a local day (and twice that in any 24 hours): over it nothing is stored.
  const write = async (tx: Repositories) => {
    await tx.assessments.insert(row);
    await tx.assessments.deleteProgress(actor.id);
  };
  if (unchanged) {
    await insertWithinDailyQuota(deps, actor, 'assessments', write);
    return { ...toStored(row), stepsEarned: 0, stepsNote: EVIDENCE_SHORTFALL_MESSAGES.assessment_unchanged };
  }
  const award = await completeActivity(
    deps,
    actor,
    { activity_key: 'assessment_completed', duration_minutes: 1 },
    {
      source: 'assessment',
      ref: row.id,
      check: async (tx) => {
        await write(tx);
        await enforceDailyQuota(deps, tx, actor, 'assessments');
      },
    },
  );
  return { ...toStored(row), stepsEarned: award.stepsEarned, stepsNote: null };
}

/** Home's «resultados listos» line: shown until the latest assessment's results have been opened. */
export async function getResultsNotice(deps: Deps, userId: string): Promise<ResultsNotice> {
  return resultsNoticeFor(await deps.repos.assessments.latest(userId));
}

/**
 * /assessment/results was opened: the latest assessment's results count as seen from now on, on every
 * device (the first opening is kept; later ones change nothing).
 */
export async function markResultsOpened(deps: Deps, userId: string): Promise<ResultsNotice> {
  const latest = await latestOrThrow(deps, userId);
  await deps.repos.assessments.markResultsOpened(userId, latest.id, deps.clock());
  return { show: false };
}

export function getLatestAssessment(deps: Deps, userId: string): Promise<StoredAssessment> {
  return latestOrThrow(deps, userId);
}

/**
 * How many assessments the history lists, newest first. With at most QUOTA_ASSESSMENTS_PER_DAY a day the
 * rows grow slowly, but the list is read whole on every visit; the export still holds every one.
 */
export const ASSESSMENT_HISTORY_SHOWN = 100;

export async function getHistory(deps: Deps, userId: string) {
  return (await deps.repos.assessments.history(userId, ASSESSMENT_HISTORY_SHOWN)).map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    version: row.version,
    satisfactionRating: Number((row.responses as Partial<AssessmentResponses>).satisfactionRating ?? 0),
  }));
}

export async function getCoachingProfile(deps: Deps, userId: string): Promise<CoachingProfile> {
  return deriveCoachingProfile((await latestOrThrow(deps, userId)).responses);
}

export async function getEvaluation(deps: Deps, userId: string): Promise<AssessmentEvaluation & { completedAt: Date }> {
  const latest = await latestOrThrow(deps, userId);
  return { ...evaluateAssessment(deriveCoachingProfile(latest.responses)), completedAt: latest.createdAt };
}

/**
 * The coach's own written evaluation, when an AI server is configured (null otherwise, or when the
 * server fails). Generated once per assessment and kept.
 */
export async function getCoachEvaluation(
  deps: Deps,
  user: { id: string; firstName: string; timezone: string },
  signal?: AbortSignal,
): Promise<AssessmentEvaluation | null> {
  const latest = await latestOrThrow(deps, user.id);
  const cached = await deps.repos.coaching.findEvaluation(latest.id);
  if (cached) {
    const parsed = AssessmentEvaluationSchema.safeParse(cached.content);
    if (parsed.success) return parsed.data;
  }
  // A model call like any other (daily token budget, per-minute rate) and one at a time per assessment.
  // Over a limit the screen keeps the rule-based reading: null, as when the server fails.
  let release: () => void;
  try {
    release = await admitModelCall(deps, user, `evaluation:${latest.id}`);
  } catch (error) {
    if (error instanceof DomainError && (error.code === 'RATE_LIMITED' || error.code === 'CONFLICT')) return null;
    throw error;
  }
  let result: Awaited<ReturnType<Deps['coach']['evaluate']>>;
  try {
    result = await deps.coach.evaluate(await buildCoachContext(deps, user), signal);
  } finally {
    release();
  }
  if (!result) return null;
  await recordUsage(deps, deps.repos, user, result.usage);
  await deps.repos.coaching.saveEvaluation({
    assessmentId: latest.id,
    userId: user.id,
    content: result.evaluation,
    createdAt: deps.clock(),
  });
  return result.evaluation;
}
