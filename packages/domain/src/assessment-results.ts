import { z } from 'zod';

/**
 * Home's line «Tus resultados de la evaluación están listos» (`assessment.resultsNotice`): shown while
 * the results of the person's latest assessment have not been opened yet. Opening /assessment/results
 * records it on that assessment (`assessment.markResultsOpened`), so it holds on every device; a new
 * assessment has new results, which are waiting again until they are opened.
 */
export const ResultsNoticeSchema = z.object({ show: z.boolean() });
export type ResultsNotice = z.infer<typeof ResultsNoticeSchema>;

/** The latest assessment as far as the notice is concerned: when its results were first opened. */
export interface ResultsOpenedState {
  resultsOpenedAt: Date | null;
}

/** Whether Home shows the line: there is an assessment and its results have never been opened. */
export function resultsNoticeFor(latest: ResultsOpenedState | undefined): ResultsNotice {
  return { show: latest !== undefined && latest.resultsOpenedAt === null };
}
