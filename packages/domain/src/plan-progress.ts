import type { ActivityKey } from './activities';
import type { ActivityArea } from './assessment-evaluation';

/**
 * The ledger activities that carry out a plan item, by the item's area (the plan's schema names an
 * area, never an activity key). An item is done once the steps ledger holds one of its area's
 * activities on the plan's day, whatever it earned (a completion past the daily limit is still the
 * activity done). Two items of one area are both done by one completion: each names "that activity".
 * `assessment_completed` carries out no plan item.
 */
export const PLAN_AREA_ACTIVITIES: Readonly<Record<ActivityArea, readonly ActivityKey[]>> = {
  coaching: ['consulta_rapida', 'sesion_completa'],
  breathing: ['breathing_short', 'breathing_long'],
  fitness: ['fitness_class_short', 'fitness_class_medium', 'fitness_class_long'],
  journal: ['journaling'],
  'active-breaks': ['active_break'],
  meditation: ['audio_ascenso_daily', 'audio_ascenso_archive'],
};

/**
 * The area a plan link's class stands for: the six areas, and "meditations" (the spec's other
 * spelling of the audio link class) for meditation. Anything else is no area: its item is never done.
 */
export function planAreaOfLinkClass(linkClass: string | null | undefined): ActivityArea | null {
  if (!linkClass) return null;
  if (linkClass === 'meditations') return 'meditation';
  return Object.hasOwn(PLAN_AREA_ACTIVITIES, linkClass) ? (linkClass as ActivityArea) : null;
}

/** Whether a plan item of `area` is done, given the activities the ledger holds on the plan's day. */
export function isPlanAreaDone(area: ActivityArea | null, completed: readonly string[]): boolean {
  if (!area) return false;
  return PLAN_AREA_ACTIVITIES[area].some((key) => completed.includes(key));
}

/** The plan's progress as the plan's answer carries it: its day and that day's completed activities. */
export type PlanProgress = { day: string; completedToday: readonly string[] };

/**
 * What a completion of `activityKey` on `completionDay` (pushed live) does to a plan's progress:
 * `completedToday` is the plan's new list when it changes (the activity joins it on the plan's day,
 * once), else null (a repeat, or another day). `stale` says the plan is from an earlier day than the
 * completion: the day has rolled over, and today's plan (which starts undone) should be fetched.
 */
export function progressAfterCompletion(plan: PlanProgress, activityKey: string, completionDay: string): { completedToday: string[] | null; stale: boolean } {
  if (completionDay !== plan.day) return { completedToday: null, stale: completionDay > plan.day };
  if (plan.completedToday.includes(activityKey)) return { completedToday: null, stale: false };
  return { completedToday: [...plan.completedToday, activityKey], stale: false };
}
