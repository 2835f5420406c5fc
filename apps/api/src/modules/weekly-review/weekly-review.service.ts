import { createHash } from 'node:crypto';
import { safetyAnswer, screenForSafety, isRiskCategory, type RiskCategory, type SafetyResource } from '@ascenso/ai/safety';
import { CAREFUL_WEEK_REFLECTION, modelWeeklyReflection, offlineWeeklyReflection, type ReflectionPattern, type WeekFacts } from '@ascenso/ai/weekly-reflection';
import { addDays, localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import {
  REVIEW_AREAS,
  REVIEW_AREA_LABELS,
  areaOf,
  checkReviewWeek,
  chooseHighlights,
  countMoods,
  daysOfIsoWeek,
  isoWeekOf,
  shiftIsoWeek,
  EARLIEST_REVIEW_WEEK,
  type Highlight,
  type ReviewArea,
} from '@ascenso/domain/weekly-review';
import type { Deps } from '../../deps';
import { recordUsage } from '../coaching/coach-context';
import { admitModelCall, providerUserId, usesModel } from '../coaching/model-limits';
import { recordFailedCall } from '../coaching/reply-stream';

/*
 * "Tu semana" (decision 027): a read-only review of one ISO week in the user's time zone. One
 * deferred (read-only) transaction reads the ledger, the journal, the commitments and the week's
 * flagged chat messages; the reflection is written afterwards (model, or the offline coach). Nothing is
 * awarded and nothing is written, except the model's token usage when a model wrote the reflection.
 */

type User = { id: string; firstName: string; timezone: string };

export type WeekActivity = { key: string; name: string; area: ReviewArea; completions: number; steps: number };
export type WeekDay = { day: string; steps: number; activities: WeekActivity[] };
export type WeekCommitment = { id: string; text: string; createdAt: Date; closedAt: Date | null };
export type WeeklyReflectionView = {
  text: string;
  /** `ai`: written by the model; `offline`: by the offline coach (no model, the model failed or a limit was reached); `careful`: the risk screen fired this week. */
  source: 'ai' | 'offline' | 'careful';
  /** The offline coach's pattern, `careful`, or `model` (the model chose its own). */
  pattern: ReflectionPattern | 'careful' | 'model';
  /** Helplines to show with a careful reflection (empty otherwise). */
  resources: SafetyResource[];
};

export type WeeklyReview = {
  week: string;
  /** The week's first and last days (Monday, Sunday), local. */
  from: string;
  to: string;
  /** Neighbouring weeks a client may ask for (null: none; never a future week). */
  previousWeek: string | null;
  nextWeek: string | null;
  isCurrentWeek: boolean;
  days: WeekDay[];
  /** Days with at least one activity (a count, never a run of consecutive days). */
  activeDays: number;
  totalSteps: number;
  areas: Array<{ area: ReviewArea; label: string; steps: number; completions: number }>;
  moods: Array<{ mood: string; count: number }>;
  commitments: { kept: WeekCommitment[]; open: WeekCommitment[]; dropped: WeekCommitment[] };
  highlights: Highlight[];
  reflection: WeeklyReflectionView;
};

/** How far back "something new" looks: the four weeks before the reviewed one. */
const NEW_ACTIVITY_LOOKBACK_DAYS = 28;
/** Conversations read for the week's flagged chat messages (the most recently updated). */
const CONVERSATIONS_SCANNED = 200;
/** A week's rows are read with a day of margin each side, then kept by their local day (any offset fits in a day). */
const MARGIN_MS = 24 * 60 * 60 * 1000;

/** Model reflections per (deps, user, week, facts): a page reload or a week revisited costs no second call while nothing changed. */
const reflectionCache = new WeakMap<Deps, Map<string, string>>();
const REFLECTION_CACHE_SIZE = 1000;

function cacheFor(deps: Deps): Map<string, string> {
  let cache = reflectionCache.get(deps);
  if (!cache) {
    cache = new Map();
    reflectionCache.set(deps, cache);
  }
  return cache;
}

function utcMidnight(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The week asked for (default: the user's current local ISO week), or a VALIDATION error in Spanish. */
export function resolveWeek(deps: Deps, user: Pick<User, 'timezone'>, requested: string | undefined): { week: string; currentWeek: string } {
  const currentWeek = isoWeekOf(localDay(deps.clock(), user.timezone));
  const checked = checkReviewWeek(requested, currentWeek);
  if (!checked.ok) throw new DomainError('VALIDATION', checked.message, { fieldErrors: { week: [checked.message] } });
  return { week: checked.week, currentWeek };
}

export async function getWeeklyReview(deps: Deps, user: User, input: { week?: string | undefined }, signal?: AbortSignal): Promise<WeeklyReview> {
  const { week, currentWeek } = resolveWeek(deps, user, input.week);
  const days = daysOfIsoWeek(week);
  const monday = days[0] as string;
  const sunday = days[6] as string;
  const inWeek = new Set(days);
  const dayOf = (at: Date) => localDay(at, user.timezone);
  const from = new Date(utcMidnight(monday) - MARGIN_MS);
  const to = new Date(utcMidnight(addDays(sunday, 1)) + MARGIN_MS);

  const read = await deps.store.transaction(
    async (tx) => {
      const catalogue = await tx.steps.listActivities();
      const ledger = await tx.steps.rangeByActivity(user.id, monday, sunday);
      const before = await tx.steps.rangeByActivity(user.id, addDays(monday, -NEW_ACTIVITY_LOOKBACK_DAYS), addDays(monday, -1));
      const journal = await tx.coaching.journalEntriesBetween(user.id, from, to);
      const commitments = await tx.coaching.listCommitments(user.id);
      const conversations = await tx.coaching.listConversations(user.id, undefined, CONVERSATIONS_SCANNED);
      // Flagged chat messages of the week: only conversations the risk screen ever touched can hold one.
      const flaggedCategories: RiskCategory[] = [];
      let flaggedChat = false;
      for (const conversation of conversations) {
        if (conversation.updatedAt.getTime() < from.getTime()) break; // ordered by updatedAt, newest first
        if (conversation.status !== 'flagged' && !conversation.careful && !conversation.safetyCategory) continue;
        const messages = await tx.coaching.listMessages(conversation.id);
        if (messages.some((m) => m.flagged && inWeek.has(dayOf(m.createdAt)))) {
          flaggedChat = true;
          for (const category of (conversation.safetyCategory ?? '').split(',')) if (isRiskCategory(category)) flaggedCategories.push(category);
        }
      }
      return { catalogue, ledger, before, journal, commitments, flaggedChat, flaggedCategories };
    },
    { mode: 'deferred' },
  );

  const names = new Map(read.catalogue.map((a) => [a.key, a.name]));
  const byDay = new Map<string, WeekDay>(days.map((day) => [day, { day, steps: 0, activities: [] }]));
  const areaTotals = new Map<ReviewArea, { steps: number; completions: number }>(REVIEW_AREAS.map((a) => [a, { steps: 0, completions: 0 }]));
  const perActivity = new Map<string, { key: string; name: string; completions: number }>();
  for (const row of read.ledger) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    const area = areaOf(row.activityKey);
    const name = names.get(row.activityKey) ?? row.activityKey;
    entry.steps += row.steps;
    entry.activities.push({ key: row.activityKey, name, area, completions: row.completions, steps: row.steps });
    const totals = areaTotals.get(area);
    if (totals) {
      totals.steps += row.steps;
      totals.completions += row.completions;
    }
    const seen = perActivity.get(row.activityKey) ?? { key: row.activityKey, name, completions: 0 };
    seen.completions += row.completions;
    perActivity.set(row.activityKey, seen);
  }
  const weekDays = [...byDay.values()];
  for (const day of weekDays) day.activities.sort((a, b) => b.completions - a.completions || a.key.localeCompare(b.key));
  const activeDays = weekDays.filter((d) => d.activities.length > 0).length;
  const totalSteps = weekDays.reduce((sum, d) => sum + d.steps, 0);

  const journal = read.journal.filter((entry) => inWeek.has(dayOf(entry.createdAt)));
  const moods = countMoods(journal);

  // kept / dropped: closed (done / dropped) on a day of the week; open: created by the week's end and still open at its end.
  const view = (c: (typeof read.commitments)[number]): WeekCommitment => ({ id: c.id, text: c.text, createdAt: c.createdAt, closedAt: c.closedAt });
  const closedInWeek = (c: (typeof read.commitments)[number]) => c.closedAt !== null && inWeek.has(dayOf(c.closedAt));
  const byCreation = [...read.commitments].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const kept = byCreation.filter((c) => c.status === 'done' && closedInWeek(c)).map(view);
  const dropped = byCreation.filter((c) => c.status === 'dropped' && closedInWeek(c)).map(view);
  const open = byCreation.filter((c) => dayOf(c.createdAt) <= sunday && (c.status === 'open' || (c.closedAt !== null && dayOf(c.closedAt) > sunday))).map(view);

  const highlights = chooseHighlights({
    activities: [...perActivity.values()],
    doneBefore: new Set(read.before.filter((r) => r.completions > 0).map((r) => r.activityKey)),
    journal: journal.map((e) => ({ title: e.title, mood: e.mood })),
    kept,
    activeDays,
  });

  // The risk screen, as the coach runs it on every journal entry and chat message (modules/coaching/safety.ts).
  const journalScreens = journal.map((e) => screenForSafety(`${e.title}\n${e.body}`)).filter((s) => s !== null);
  const categories = [...read.flaggedCategories, ...journalScreens.flatMap((s) => s.categories)];
  const careful = read.flaggedChat || journalScreens.length > 0;

  const facts: WeekFacts = {
    week,
    firstName: user.firstName,
    activeDays,
    weekdayActiveDays: weekDays.slice(0, 5).filter((d) => d.activities.length > 0).length,
    weekendActiveDays: weekDays.slice(5).filter((d) => d.activities.length > 0).length,
    totalSteps,
    areas: Object.fromEntries(REVIEW_AREAS.map((a) => [a, areaTotals.get(a)?.completions ?? 0])) as Record<ReviewArea, number>,
    moods,
    commitments: { kept: kept.length, open: open.length, dropped: dropped.length },
    journalEntries: journal.length,
  };

  let reflection: WeeklyReflectionView;
  if (careful) {
    const answer = safetyAnswer(categories.length > 0 ? categories : ['suicidal_active']);
    reflection = { text: CAREFUL_WEEK_REFLECTION, source: 'careful', pattern: 'careful', resources: answer.resources };
  } else {
    reflection = await writeReflection(deps, user, facts, signal);
  }

  return {
    week,
    from: monday,
    to: sunday,
    previousWeek: week > EARLIEST_REVIEW_WEEK ? shiftIsoWeek(week, -1) : null,
    nextWeek: week < currentWeek ? shiftIsoWeek(week, 1) : null,
    isCurrentWeek: week === currentWeek,
    days: weekDays,
    activeDays,
    totalSteps,
    areas: REVIEW_AREAS.map((area) => ({ area, label: REVIEW_AREA_LABELS[area], ...(areaTotals.get(area) ?? { steps: 0, completions: 0 }) })),
    moods,
    commitments: { kept, open, dropped },
    highlights,
    reflection,
  };
}

/**
 * The model's reflection when one is configured and the user's model limits allow a call (the daily
 * token budget, calls per minute); otherwise, or when the call fails in any way, the offline coach's.
 * A reflection the model wrote is kept in memory for the same user, week and facts.
 */
async function writeReflection(deps: Deps, user: User, facts: WeekFacts, signal: AbortSignal | undefined): Promise<WeeklyReflectionView> {
  const offline = offlineWeeklyReflection(facts);
  const fallback: WeeklyReflectionView = { text: offline.text, source: 'offline', pattern: offline.pattern, resources: [] };
  if (!usesModel(deps)) return fallback;
  const key = `${user.id}\u0000${createHash('sha256').update(JSON.stringify(facts)).digest('base64url')}`;
  const cache = cacheFor(deps);
  const cached = cache.get(key);
  if (cached) return { text: cached, source: 'ai', pattern: 'model', resources: [] };

  let release: () => void;
  try {
    release = await admitModelCall(deps, user, null);
  } catch (error) {
    // A limit reached is no reason to refuse a read: the offline coach writes it.
    if (error instanceof DomainError && error.code === 'RATE_LIMITED') return fallback;
    throw error;
  }
  let result: Awaited<ReturnType<typeof modelWeeklyReflection>>;
  try {
    const timeout = AbortSignal.timeout(deps.config.coach.timeoutMs);
    result = await modelWeeklyReflection(deps.coachProvider, facts, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      user: providerUserId(deps, user.id),
    });
  } finally {
    release();
  }
  if (!result.ok) {
    await recordFailedCall(deps, user, result.usage);
    deps.logger.warn('weekly reflection written offline: the model failed', { userId: user.id, reason: result.error.reason ?? 'error' });
    return fallback;
  }
  await recordUsage(deps, deps.repos, user, result.usage);
  if (cache.size >= REFLECTION_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, result.text);
  return { text: result.text, source: 'ai', pattern: 'model', resources: [] };
}
