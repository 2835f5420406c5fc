import { createHash, randomBytes } from 'node:crypto';
import type { Repositories } from '@ascenso/db/store';
import type { ShareRow } from '@ascenso/db/schema/shares';
import type { AssessmentResponses } from '@ascenso/domain/assessment';
import { deriveCoachingProfile, type Labelled } from '@ascenso/domain/assessment-profile';
import { thirdPersonLabel, type ThirdPersonField } from '@ascenso/domain/assessment-third-person';
import { addDays, localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import {
  SHARE_MAX_ACTIVE,
  SHARE_MAX_VIEW_BUCKETS,
  SHARE_MESSAGES,
  SHARE_PAGE_PREFIX,
  SHARE_TOKEN_PATTERN,
  SHARE_VIEW_BUCKET_MS,
  shareStatus,
  type ShareCreateInput,
  type ShareInclude,
  type ShareStatus,
} from '@ascenso/domain/shares';
import { areaOf, countMoods, isoWeekOf, mondayOfIsoWeek, REVIEW_AREA_LABELS, REVIEW_AREAS } from '@ascenso/domain/weekly-review';
import type { Deps } from '../../deps';
import { shareLimits } from './share-limits';

/*
 * Sharing with a human coach or therapist (decision 029). The share keeps the selection,
 * not a snapshot: the page renders the chosen parts live at view time, and journal text only for the entries
 * ticked by id. The URL's token (32 random bytes, base64url) is shown once; only its SHA-256 is stored.
 */

type User = { id: string; timezone: string };

const DAY_MS = 86_400_000;
/** Weeks of mood words and steps the page shows (the current one included). */
export const SHARE_WEEKS = 8;
/** Sessions with a summary or commitments shown, newest first. */
const MAX_SESSIONS = 10;
/** Open commitments outside those sessions. */
const MAX_OTHER_COMMITMENTS = 20;
/** View buckets the owner's list shows per share. */
const LISTED_VIEW_BUCKETS = 50;

export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createShare(deps: Deps, user: User, input: ShareCreateInput) {
  const wait = await shareLimits(deps).create(user.id);
  if (wait !== null) throw new DomainError('RATE_LIMITED', SHARE_MESSAGES.rateLimited, { retryAfterSeconds: wait });
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const row = {
    id: crypto.randomUUID(),
    userId: user.id,
    tokenHash: hashShareToken(token),
    include: [...input.include],
    journalEntryIds: [...(input.journalEntryIds ?? [])],
    days: input.days,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.days * DAY_MS),
  };
  // The cap is counted and the row inserted in one transaction, one at a time per user (on both dialects).
  await deps.store.transaction(
    async (tx) => {
      for (const id of row.journalEntryIds) {
        const entry = await tx.coaching.findJournalEntry(id);
        if (entry?.userId !== user.id) {
          throw new DomainError('VALIDATION', SHARE_MESSAGES.entryNotYours, { fieldErrors: { journalEntryIds: [SHARE_MESSAGES.entryNotYours] } });
        }
      }
      if ((await tx.shares.countActive(user.id, now)) >= SHARE_MAX_ACTIVE) throw new DomainError('CONFLICT', SHARE_MESSAGES.tooManyActive);
      await tx.shares.insert(row);
    },
    { serializeOn: `user:${user.id}` },
  );
  return { id: row.id, url: `${deps.config.publicOrigin}${SHARE_PAGE_PREFIX}${token}`, expiresAt: row.expiresAt };
}

export type ShareSummary = {
  id: string;
  include: ShareInclude[];
  journalEntryCount: number;
  days: number;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  status: ShareStatus;
  views: { count: number; lastViewedAt: Date | null; recent: Array<{ at: Date; count: number }> };
};

/** The user's shares, newest first, with their views (the total, and the latest minutes with a view). */
export function listShares(deps: Deps, user: User): Promise<ShareSummary[]> {
  return deps.store.transaction((tx) => sharesOf(tx, user.id, deps.clock()), { mode: 'deferred' });
}

/** The user's shares as listed (no token, no hash), inside a transaction: also the JSON export's `shares`. */
export async function sharesOf(tx: Repositories, userId: string, now: Date): Promise<ShareSummary[]> {
  const out: ShareSummary[] = [];
  for (const share of await tx.shares.listForUser(userId)) {
    const buckets = share.viewCount > 0 ? await tx.shares.listViews(share.id, LISTED_VIEW_BUCKETS) : [];
    out.push({
      id: share.id,
      include: share.include,
      journalEntryCount: share.journalEntryIds.length,
      days: share.days,
      createdAt: share.createdAt,
      expiresAt: share.expiresAt,
      revokedAt: share.revokedAt,
      status: shareStatus(share, now),
      views: { count: share.viewCount, lastViewedAt: share.lastViewedAt, recent: buckets.map((b) => ({ at: b.minute, count: b.count })) },
    });
  }
  return out;
}

/** Revokes one of the user's shares (again: nothing changes, still success); someone else's or unknown: NOT_FOUND. */
export async function revokeShare(deps: Deps, user: User, id: string): Promise<void> {
  if (!(await deps.repos.shares.revoke(user.id, id, deps.clock()))) throw new DomainError('NOT_FOUND', SHARE_MESSAGES.notFound);
}

/** What the public page shows (decision 029). Only the parts chosen; never text of an entry not ticked. */
export type SharePage = {
  owner: { firstName: string; timezone: string };
  createdAt: Date;
  expiresAt: Date;
  include: ShareInclude[];
  sessions: null | {
    sessions: Array<{ title: string; at: Date; summary: string | null; commitments: Array<{ text: string; status: 'open' | 'done' | 'dropped' }> }>;
    otherOpen: Array<{ text: string; createdAt: Date }>;
  };
  moods: null | { weeks: Array<{ monday: string; moods: Array<{ mood: string; count: number }> }>; overall: Array<{ mood: string; count: number }> };
  steps: null | {
    total: number;
    weeks: Array<{ monday: string; steps: number; completions: number }>;
    areas: Array<{ label: string; steps: number; completions: number }>;
    activities: Array<{ name: string; steps: number; completions: number }>;
  };
  assessment: null | { completedAt: Date; items: Array<{ label: string; value: string }> } | { completedAt: null; items: [] };
  journal: Array<{ title: string; mood: string | null; body: string; createdAt: Date }>;
};

export type SharePageResult =
  { kind: 'not-found' } | { kind: 'gone' } | { kind: 'rate-limited'; retryAfterSeconds: number } | { kind: 'page'; page: SharePage };

/**
 * A visit to the public page: a well-formed token whose hash is stored, not revoked nor expired, within the
 * per-share view rate. The view is counted (its minute's bucket) in a transaction of its own after the read.
 */
export async function viewShare(deps: Deps, token: string, options: { count: boolean }): Promise<SharePageResult> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return { kind: 'not-found' };
  const share = await deps.repos.shares.findByTokenHash(hashShareToken(token));
  if (!share) return { kind: 'not-found' };
  const now = deps.clock();
  if (shareStatus(share, now) !== 'active') return { kind: 'gone' };
  const wait = await shareLimits(deps).view(share.id);
  if (wait !== null) return { kind: 'rate-limited', retryAfterSeconds: wait };
  const page = await deps.store.transaction((tx) => readSharePage(tx, share, now), { mode: 'deferred' });
  if (!page) return { kind: 'not-found' };
  if (options.count) {
    const minute = new Date(now.getTime() - (now.getTime() % SHARE_VIEW_BUCKET_MS));
    await deps.store.transaction((tx) => tx.shares.recordView(share.id, now, minute, SHARE_MAX_VIEW_BUCKETS), { serializeOn: `share:${share.id}` });
  }
  return { kind: 'page', page };
}

async function readSharePage(tx: Repositories, share: ShareRow, now: Date): Promise<SharePage | undefined> {
  const owner = await tx.users.findById(share.userId);
  if (!owner) return undefined;
  const chosen = new Set(share.include);
  const today = localDay(now, owner.timezone);
  const firstMonday = addDays(mondayOfIsoWeek(...isoWeekParts(isoWeekOf(today))), -7 * (SHARE_WEEKS - 1));
  const mondays = Array.from({ length: SHARE_WEEKS }, (_, i) => addDays(firstMonday, 7 * i));

  let sessions: SharePage['sessions'] = null;
  if (chosen.has('sessions')) {
    const listed: NonNullable<SharePage['sessions']>['sessions'] = [];
    const shown = new Set<string>();
    for (const c of await tx.coaching.listConversations(owner.id, 'session', 50)) {
      if (listed.length >= MAX_SESSIONS) break;
      const commitments = await tx.coaching.listConversationCommitments(c.id);
      if (!c.summary && commitments.length === 0) continue;
      for (const k of commitments) shown.add(k.id);
      listed.push({ title: c.title, at: c.updatedAt, summary: c.summary, commitments: commitments.map((k) => ({ text: k.text, status: k.status })) });
    }
    const otherOpen = (await tx.coaching.listCommitments(owner.id, 'open'))
      .filter((k) => !shown.has(k.id))
      .slice(0, MAX_OTHER_COMMITMENTS)
      .map((k) => ({ text: k.text, createdAt: k.createdAt }));
    sessions = { sessions: listed, otherOpen };
  }

  let moods: SharePage['moods'] = null;
  if (chosen.has('moods')) {
    // A day of margin each side; each entry is kept by its local day (as the weekly review does).
    const entries = await tx.coaching.journalEntriesBetween(
      owner.id,
      new Date(Date.parse(`${firstMonday}T00:00:00Z`) - DAY_MS),
      new Date(now.getTime() + DAY_MS),
    );
    const byWeek = new Map<string, Array<{ mood: string | null }>>(mondays.map((m) => [m, []]));
    const inRange: Array<{ mood: string | null }> = [];
    for (const e of entries) {
      const monday = mondayOfIsoWeek(...isoWeekParts(isoWeekOf(localDay(e.createdAt, owner.timezone))));
      const bucket = byWeek.get(monday);
      if (!bucket) continue;
      // Words only: the entry's text never leaves this function.
      bucket.push({ mood: e.mood });
      inRange.push({ mood: e.mood });
    }
    moods = { weeks: mondays.map((monday) => ({ monday, moods: countMoods(byWeek.get(monday) ?? []) })), overall: countMoods(inRange) };
  }

  let steps: SharePage['steps'] = null;
  if (chosen.has('steps')) {
    const names = new Map((await tx.steps.listActivities()).map((a) => [a.key, a.name]));
    const rows = await tx.steps.rangeByActivity(owner.id, firstMonday, today);
    const weeks = new Map(mondays.map((m) => [m, { monday: m, steps: 0, completions: 0 }]));
    const areas = new Map(REVIEW_AREAS.map((a) => [a, { label: REVIEW_AREA_LABELS[a], steps: 0, completions: 0 }]));
    const activities = new Map<string, { name: string; steps: number; completions: number }>();
    for (const r of rows) {
      const week = weeks.get(mondayOfIsoWeek(...isoWeekParts(isoWeekOf(r.day))));
      if (week) {
        week.steps += r.steps;
        week.completions += r.completions;
      }
      const area = areas.get(areaOf(r.activityKey))!;
      area.steps += r.steps;
      area.completions += r.completions;
      const activity = activities.get(r.activityKey) ?? { name: names.get(r.activityKey) ?? r.activityKey, steps: 0, completions: 0 };
      activity.steps += r.steps;
      activity.completions += r.completions;
      activities.set(r.activityKey, activity);
    }
    steps = {
      total: await tx.steps.total(owner.id),
      weeks: [...weeks.values()],
      areas: [...areas.values()],
      activities: [...activities.values()].sort((a, b) => b.steps - a.steps || a.name.localeCompare(b.name, 'es')),
    };
  }

  let assessment: SharePage['assessment'] = null;
  if (chosen.has('assessment')) {
    const latest = await tx.assessments.latest(owner.id);
    assessment = latest ? { completedAt: latest.createdAt, items: assessmentItems(latest.responses as AssessmentResponses) } : { completedAt: null, items: [] };
  }

  const journal: SharePage['journal'] = [];
  for (const id of share.journalEntryIds) {
    const entry = await tx.coaching.findJournalEntry(id);
    // Deleted since, or (never possible by creation) another person's: left out.
    if (entry?.userId !== owner.id) continue;
    journal.push({ title: entry.title, mood: entry.mood, body: entry.body, createdAt: entry.createdAt });
  }
  journal.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  return {
    owner: { firstName: owner.firstName, timezone: owner.timezone },
    createdAt: share.createdAt,
    expiresAt: share.expiresAt,
    include: share.include,
    sessions,
    moods,
    steps,
    assessment,
    journal,
  };
}

function isoWeekParts(week: string): [number, number] {
  const [year, w] = week.split('-W').map(Number) as [number, number];
  return [year, w];
}

/** The assessment summary: the labelled answers, not the long free texts. */
function assessmentItems(responses: AssessmentResponses): Array<{ label: string; value: string }> {
  const p = deriveCoachingProfile(responses);
  const list = (values: Array<{ label: string }>) => values.map((v) => v.label).join(', ');
  // The page speaks of the owner in the third person: "Liderar mejor a su equipo", not the wizard's "mi".
  const said = (field: ThirdPersonField, values: Labelled[]) => values.map((v) => thirdPersonLabel(field, v)).join(', ');
  const items = [
    { label: 'Rol', value: p.role },
    { label: 'Momento vital', value: said('lifeStage', [p.lifeStage]) },
    { label: 'Tiempo disponible', value: p.timeAvailability.label },
    { label: 'Objetivos', value: said('shortTermGoals', p.goals) },
    { label: 'Retos', value: said('currentChallenges', p.challenges) },
    { label: 'Fortalezas', value: said('topStrengths', p.strengths) },
    { label: 'Áreas de desarrollo', value: said('developmentAreas', p.developmentAreas) },
    { label: 'Le quita energía', value: list(p.energy.drains) },
    { label: 'Le da energía', value: list(p.energy.boosters) },
    { label: 'Apoyo que busca', value: said('supportNeeds', p.supportNeeds) },
    { label: 'Respuesta al estrés', value: said('stressResponse', [p.stressResponse]) },
  ];
  return items.filter((i) => i.value.trim() !== '');
}
