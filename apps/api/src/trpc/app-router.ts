import { activitiesRouter } from '../modules/activities/activities.router';
import { adminRouter } from '../modules/admin/admin.router';
import { assessmentRouter } from '../modules/assessment/assessment.router';
import { authRouter } from '../modules/auth/auth.router';
import { calendarRouter } from '../modules/calendar/calendar.router';
import { coachingRouter } from '../modules/coaching/coaching.router';
import { dailyPlanRouter } from '../modules/daily-plan/daily-plan.router';
import { journalingRouter } from '../modules/journaling/journaling.router';
import { meditationsRouter } from '../modules/meditations/meditations.router';
import { practiceRouter } from '../modules/practice/practice.router';
import { profileRouter } from '../modules/profile/profile.router';
import { sharesRouter } from '../modules/shares/shares.router';
import { healthProcedure } from '../modules/system/system.router';
import { voiceRouter } from '../modules/voice/voice.router';
import { weeklyReviewRouter } from '../modules/weekly-review/weekly-review.router';
import { createCallerFactory, router } from './trpc';

/** The root router: one key per area. */
export const appRouter = router({
  health: healthProcedure,
  auth: authRouter,
  activities: activitiesRouter,
  assessment: assessmentRouter,
  coaching: coachingRouter,
  dailyPlan: dailyPlanRouter,
  meditations: meditationsRouter,
  practice: practiceRouter,
  journaling: journalingRouter,
  profile: profileRouter,
  weeklyReview: weeklyReviewRouter,
  shares: sharesRouter,
  calendar: calendarRouter,
  admin: adminRouter,
  voice: voiceRouter,
});

/** Type-only entry for clients: `import type { AppRouter } from '@ascenso/api/router'`. */
export type AppRouter = typeof appRouter;

/** What `coaching.reply` streams (each one wrapped by tracked()), for the web's reply reducer. */
export type { ReplyEvent } from '../modules/coaching/reply';

export const createCaller = createCallerFactory(appRouter);
