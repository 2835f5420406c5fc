import { createHash, randomBytes } from 'node:crypto';
import { offlinePlan, type PlanItem } from '@ascenso/ai/plan';
import { AREA_PATHS, type ActivityArea } from '@ascenso/domain/assessment-evaluation';
import { addDays, localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import { meditationForDay } from '@ascenso/domain/meditations';
import { formatWorkDays, parseWorkDays, schedulePlanItems, timeOfMinutes, type WorkHours } from '@ascenso/domain/work-hours';
import type { UserRow } from '@ascenso/db/schema/users';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { DateTime } from 'luxon';
import type { Deps } from '../../deps';
import { buildCoachContext } from '../coaching/coach-context';

/**
 * The plan in the user's calendar (decision 031): one private iCalendar feed per user,
 * found by the SHA-256 of a 256-bit random token (only the hash is stored), and the work hours the feed
 * and the break reminders use.
 */

/** Calendar apps poll: reads of one feed per hour before 429 (per instance). */
export const FEED_FETCHES_PER_HOUR = 60;
/** What the feed tells calendar apps (REFRESH-INTERVAL / X-PUBLISHED-TTL) and caches (max-age). */
export const FEED_REFRESH_SECONDS = 3600;
export const FEED_CACHE_SECONDS = 900;
export const FEED_NAME = 'Ascenso — tu plan';

/** The URL's token: 32 random bytes, base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export type FeedStatus = { active: boolean; createdAt: Date | null; lastFetchedAt: Date | null };

export async function feedStatus(deps: Deps, userId: string): Promise<FeedStatus> {
  const row = await deps.repos.calendar.findFeed(userId);
  return { active: row !== undefined, createdAt: row?.createdAt ?? null, lastFetchedAt: row?.lastFetchedAt ?? null };
}

/** Creates the user's feed, or replaces it (the previous URL stops working). The URL is shown only now. */
export async function createFeed(deps: Deps, userId: string): Promise<{ url: string; createdAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = deps.clock();
  await deps.repos.calendar.replaceFeed({ userId, tokenHash: hashFeedToken(token), createdAt });
  return { url: `${deps.config.publicOrigin}/api/calendar/feed/${token}.ics`, createdAt };
}

/** Revokes the user's feed: its URL answers 404 from now on. Revoking none is not an error. */
export async function revokeFeed(deps: Deps, userId: string): Promise<{ revoked: boolean }> {
  return { revoked: await deps.repos.calendar.deleteFeed(userId) };
}

export function workHoursOf(user: Pick<UserRow, 'workStart' | 'workEnd' | 'workDays'>): WorkHours {
  return { start: user.workStart, end: user.workEnd, days: parseWorkDays(user.workDays) };
}

export async function getWorkHours(deps: Deps, userId: string): Promise<WorkHours> {
  const row = await deps.repos.users.findById(userId);
  if (!row) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  return workHoursOf(row);
}

/** Input already validated by WorkHoursSchema (HH:MM, end after start, at least one day). */
export async function setWorkHours(deps: Deps, userId: string, input: WorkHours): Promise<WorkHours> {
  await deps.repos.users.update(userId, { workStart: input.start, workEnd: input.end, workDays: formatWorkDays(input.days), updatedAt: deps.clock() });
  return getWorkHours(deps, userId);
}

/** What a feed URL leads to: the user it belongs to and when the feed was made, or nothing (malformed, unknown or revoked token). */
export async function findFeedOwner(deps: Deps, token: string): Promise<{ user: UserRow; tokenHash: string; createdAt: Date } | null> {
  if (!TOKEN.test(token)) return null;
  // Hash first, then look the hash up: no comparison of the secret itself, so no timing to learn it from.
  const tokenHash = hashFeedToken(token);
  const feed = await deps.repos.calendar.findFeedByTokenHash(tokenHash);
  if (!feed) return null;
  const user = await deps.repos.users.findById(feed.userId);
  return user ? { user, tokenHash, createdAt: feed.createdAt } : null;
}

type DayPlan = { day: string; items: PlanItem[]; stored: boolean; stamp: Date };

/**
 * Today's and tomorrow's plans: the stored plan of that day when there is one (what Home shows), else the
 * plan the offline coach would write for that day (marked provisional: Home writes the real one when the
 * user opens the app that day, and calendars then update the same events).
 */
async function plansFor(deps: Deps, user: UserRow, createdAt: Date): Promise<DayPlan[]> {
  const today = localDay(deps.clock(), user.timezone);
  const days = [today, addDays(today, 1)];
  const stored = await Promise.all(days.map((day) => deps.repos.coaching.findPlan(user.id, day)));
  const context = stored.every(Boolean) ? null : await buildCoachContext(deps, user);
  return days.map((day, i) => {
    const row = stored[i];
    if (row) return { day, items: row.items as PlanItem[], stored: true, stamp: row.generatedAt };
    const plan = offlinePlan({ ...context!, today: day, localHour: undefined });
    return { day, items: plan.items, stored: false, stamp: createdAt };
  });
}

/** A short, stable per-user part of the events' UIDs (not the user id itself). */
function uidKey(userId: string): string {
  return createHash('sha256').update(`ascenso-calendar:${userId}`).digest('hex').slice(0, 16);
}

/** The user's feed as an RFC 5545 calendar (ical-generator; VTIMEZONE of the user's IANA zone). */
export async function renderFeed(deps: Deps, user: UserRow, feedCreatedAt: Date): Promise<string> {
  const origin = deps.config.publicOrigin;
  const zone = user.timezone;
  const hours = workHoursOf(user);
  const key = uidKey(user.id);
  const [plans, commitments] = await Promise.all([plansFor(deps, user, feedCreatedAt), deps.repos.coaching.listCommitments(user.id, 'open')]);
  const calendar = ical({
    name: FEED_NAME,
    description: 'Tu plan de hoy y de mañana y tus compromisos abiertos en Ascenso.',
    prodId: { company: 'Ascenso', product: 'Plan', language: 'ES' },
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone: ical-generator would then write DTSTAMP in local time, and RFC 5545 wants it in
    // UTC. Each timed event carries TZID=<the user's zone>; the generator adds that zone's VTIMEZONE.
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: FEED_REFRESH_SECONDS,
    url: `${origin}/`,
    x: { 'X-WR-TIMEZONE': zone },
  });
  for (const plan of plans) {
    // The bedtime audio ("Guárdalo para esta noche") goes after the working day, not first thing.
    const bedtime = meditationForDay(plan.day).id === 'antes-de-dormir';
    const slots = schedulePlanItems(
      plan.items.map((item) => ({ ...item, evening: bedtime && item.area === 'meditation' })),
      hours,
    );
    for (const slot of slots) {
      const item = plan.items[slot.index]!;
      const start = DateTime.fromISO(`${plan.day}T${timeOfMinutes(slot.start)}`, { zone });
      const link = `${origin}${AREA_PATHS[item.area as ActivityArea] ?? '/'}`;
      const lines = [item.reason, `${item.minutes} min · Ábrelo en Ascenso: ${link}`];
      if (!plan.stored) lines.push('Plan provisional: se actualizará cuando abras Ascenso ese día.');
      calendar.createEvent({
        id: `plan-${plan.day}-${slot.index + 1}-${key}@ascenso`,
        start,
        end: start.plus({ minutes: slot.minutes }),
        timezone: zone,
        stamp: plan.stamp,
        summary: item.title,
        description: lines.join('\n\n'),
        url: link,
      });
    }
  }
  const today = DateTime.fromISO(localDay(deps.clock(), zone), { zone });
  for (const commitment of commitments) {
    calendar.createEvent({
      id: `commitment-${commitment.id}@ascenso`,
      start: today,
      allDay: true,
      stamp: commitment.createdAt,
      summary: `Compromiso: ${commitment.text}`,
      description: `Un compromiso abierto con tu coach. Cuando lo cumplas, márcalo en Ascenso: ${origin}/coaching`,
      url: `${origin}/coaching`,
    });
  }
  return calendar.toString();
}
