import { renderPlanHtml, type DailyPlan } from '@ascenso/ai/plan';
import { ACTIVITY_KEYS, type ActivityKey } from '@ascenso/domain/activities';
import { ACTIVITY_AREAS } from '@ascenso/domain/assessment-evaluation';
import { localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import sanitizeHtml from 'sanitize-html';
import type { Deps } from '../../deps';
import { buildCoachContext, recordUsage } from '../coaching/coach-context';
import { admitModelCall, providerUserId } from '../coaching/model-limits';
import { recordFailedCall } from '../coaching/reply-stream';
import { secondsUntilNextLocalDay } from '../quotas/quotas';

/** The most regenerations a user may ask for in one day (the first generation is free). */
export const MAX_DAILY_REGENERATIONS = 5;

const LINK_CLASSES = [...ACTIVITY_AREAS, 'meditations'];

/** Server-side sanitising of plan HTML: a few tags, relative or https links, the six link classes. */
export function sanitizePlanHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'br'],
    allowedAttributes: { a: ['href', 'class'] },
    allowedClasses: { a: LINK_CLASSES },
    allowedSchemes: ['https'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Same-site paths only (not //host nor /\host, which browsers treat as another site) or https.
    exclusiveFilter: (frame) => frame.tag === 'a' && !/^(\/(?![/\\])|https:\/\/)/.test(frame.attribs.href ?? ''),
  });
}

type User = { id: string; firstName: string; timezone: string };

/**
 * `fallback`: written offline because the configured model failed (the UI says so). `completedToday`:
 * the activities the steps ledger holds on the plan's day (the user's local day), in catalogue order,
 * so that the plan arrives with its progress (Home's first screen needs no other query for it).
 */
export type PlanView = {
  content: string;
  generatedAt: Date;
  items: DailyPlan['items'];
  source: 'ai' | 'offline';
  fallback: boolean;
  day: string;
  completedToday: ActivityKey[];
};

/** The catalogue's activities with at least one completion in the user's ledger on `day`. */
async function completedOn(deps: Deps, userId: string, day: string): Promise<ActivityKey[]> {
  const rows = await deps.repos.steps.dayByActivity(userId, day);
  const done = new Set(rows.filter((row) => row.completions > 0).map((row) => row.activityKey));
  return ACTIVITY_KEYS.filter((key) => done.has(key));
}

export async function getTodayPlan(deps: Deps, user: User): Promise<{ plan: PlanView | null }> {
  const day = localDay(deps.clock(), user.timezone);
  const row = await deps.repos.coaching.findPlan(user.id, day);
  if (!row) return { plan: null };
  const completedToday = await completedOn(deps, user.id, day);
  return {
    plan: {
      content: row.content,
      generatedAt: row.generatedAt,
      items: row.items as DailyPlan['items'],
      source: row.source,
      fallback: row.fallback,
      day,
      completedToday,
    },
  };
}

/**
 * Generates today's plan at most once per user per day; `force` (the user asking again) regenerates,
 * up to MAX_DAILY_REGENERATIONS times. The model is called outside any transaction.
 */
export async function generatePlan(deps: Deps, user: User, options: { force?: boolean; signal?: AbortSignal } = {}) {
  const day = localDay(deps.clock(), user.timezone);
  const existing = await deps.repos.coaching.findPlan(user.id, day);
  if (existing && !options.force) return { ...(await getTodayPlan(deps, user)), generated: false };
  if (existing && existing.generationCount > MAX_DAILY_REGENERATIONS) {
    const retryAfterSeconds = secondsUntilNextLocalDay(deps.clock(), user.timezone);
    throw new DomainError('RATE_LIMITED', 'Ya has regenerado tu plan varias veces hoy. Mañana tendrás uno nuevo.', {
      retryAfterSeconds,
    });
  }
  const context = await buildCoachContext(deps, user);
  // The plan is a model call like any other: daily token budget and per-minute rate (a slot while it runs).
  const release = await admitModelCall(deps, user, null);
  let result: Awaited<ReturnType<Deps['coach']['plan']>>;
  try {
    const timeout = AbortSignal.timeout(deps.config.coach.timeoutMs);
    result = await deps.coach.plan(context, options.signal ? AbortSignal.any([options.signal, timeout]) : timeout, {
      user: providerUserId(deps, user.id),
    });
  } finally {
    release();
  }
  const { plan, source, usage, fallback } = result;
  if (fallback) {
    // Counted for the admin dashboard (model errors and plan fallbacks per day), with its tokens.
    await recordFailedCall(deps, user, usage, true);
    deps.logger.warn('daily plan written offline: the model failed', {
      userId: user.id,
      error: String(result.error?.message ?? ''),
    });
  } else if (source === 'ai') await recordUsage(deps, deps.repos, user, usage);
  await deps.repos.coaching.upsertPlan({
    id: existing?.id ?? crypto.randomUUID(),
    userId: user.id,
    day,
    content: sanitizePlanHtml(renderPlanHtml(plan)),
    items: plan.items,
    source,
    fallback,
    generationCount: (existing?.generationCount ?? 0) + 1,
    generatedAt: deps.clock(),
  });
  return { ...(await getTodayPlan(deps, user)), generated: true };
}
