import { carefulPlan, renderPlanHtml, type DailyPlan } from '@ascenso/ai/plan';
import { carefulReminder } from '@ascenso/ai/safety';
import { ACTIVITY_KEYS, type ActivityKey } from '@ascenso/domain/activities';
import { ACTIVITY_AREAS } from '@ascenso/domain/assessment-evaluation';
import { localDay } from '@ascenso/domain/calendar';
import { localHour } from '@ascenso/domain/time-of-day';
import { DomainError } from '@ascenso/domain/errors';
import sanitizeHtml from 'sanitize-html';
import type { Deps } from '../../deps';
import { buildCoachContext, recordUsage } from '../coaching/coach-context';
import { admitModelCall, providerUserId } from '../coaching/model-limits';
import { recordFailedCall } from '../coaching/reply-stream';
import { recentCrisisFamilies } from '../coaching/safety';
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

/** The reminder when no family of a recent crisis is known (kept for safety, should never be needed). */
const GENERAL_REMINDER = 'Si lo necesitas, el 024 atiende gratis y a cualquier hora, y el 112 si hay un peligro inmediato.';

/**
 * Careful mode for the plan (the contract's "Safety"): after a crisis message in any conversation in the
 * last 72 hours, the plan leads with the helplines of the families that fired, and its items are gentle
 * practices with nothing to achieve (decision 032). The helplines' sentence, or null when not careful.
 */
async function carefulReminderFor(deps: Deps, userId: string): Promise<string | null> {
  const families = await recentCrisisFamilies(deps, userId);
  return families ? (carefulReminder(families) ?? GENERAL_REMINDER) : null;
}

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
  /** Careful mode (a crisis message in the last 72 hours): the helplines to show first. */
  careful: { reminder: string } | null;
};

/** The catalogue's activities with at least one completion in the user's ledger on `day`. */
async function completedOn(deps: Deps, userId: string, day: string): Promise<ActivityKey[]> {
  const rows = await deps.repos.steps.dayByActivity(userId, day);
  const done = new Set(rows.filter((row) => row.completions > 0).map((row) => row.activityKey));
  return ACTIVITY_KEYS.filter((key) => done.has(key));
}

export async function getTodayPlan(deps: Deps, user: User, careful?: string | null): Promise<{ plan: PlanView | null }> {
  const now = deps.clock();
  const day = localDay(now, user.timezone);
  // `careful`: the helplines' sentence when the caller has read it already (generatePlan), else read here.
  const reminder = careful === undefined ? await carefulReminderFor(deps, user.id) : careful;
  if (reminder) {
    // Whatever was planned before: today's plan is the careful one, computed, never stored.
    const plan = carefulPlan({ firstName: user.firstName, localHour: localHour(now, user.timezone), today: day });
    return {
      plan: {
        content: sanitizePlanHtml(renderPlanHtml(plan)),
        generatedAt: now,
        items: plan.items,
        source: 'offline',
        fallback: false,
        day,
        completedToday: await completedOn(deps, user.id, day),
        careful: { reminder },
      },
    };
  }
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
      careful: null,
    },
  };
}

/**
 * Generates today's plan at most once per user per day; `force` (the user asking again) regenerates,
 * up to MAX_DAILY_REGENERATIONS times. The model is called outside any transaction.
 */
export async function generatePlan(deps: Deps, user: User, options: { force?: boolean; signal?: AbortSignal } = {}) {
  // Careful mode: the careful plan, without asking the model and without counting a regeneration.
  const careful = await carefulReminderFor(deps, user.id);
  if (careful) return { ...(await getTodayPlan(deps, user, careful)), generated: false };
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
