import { ACTIVITY_AREAS, AREA_PATHS } from '@ascenso/domain/assessment-evaluation';
import { z } from 'zod';
import type { CoachContext } from './context';
import { carefulPlan, guidedPlan } from './offline/plan';

export { carefulPlan };

/** The daily plan as structured output: the model never writes HTML; our code renders it. */
export const DailyPlanSchema = z.object({
  intro: z.string().min(1).max(300),
  items: z
    .array(
      z.object({
        area: z.enum(ACTIVITY_AREAS),
        title: z.string().min(1).max(80),
        reason: z.string().min(1).max(200),
        minutes: z.number().int().min(1).max(60),
      }),
    )
    .min(3)
    .max(5),
});
export type DailyPlan = z.infer<typeof DailyPlanSchema>;
export type PlanItem = DailyPlan['items'][number];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** HTML for `plan.content`: escaped text, and links to the app's own areas carrying their class. */
export function renderPlanHtml(plan: DailyPlan): string {
  const items = plan.items
    .map(
      (item) =>
        `<li><a class="${item.area}" href="${AREA_PATHS[item.area]}">${escapeHtml(item.title)}</a> · ${item.minutes} min<br>${escapeHtml(item.reason)}</li>`,
    )
    .join('');
  return `<p>${escapeHtml(plan.intro)}</p><ul>${items}</ul>`;
}

/**
 * The offline coach's plan (./offline/plan): real catalogue items with their real lengths, today's
 * audio, a greeting for the user's local hour, and yesterday's activity named and used.
 */
export function offlinePlan(context: CoachContext): DailyPlan {
  return guidedPlan(context);
}
