import { isRecentAssessment, type PartialResponses } from '@ascenso/domain/assessment';

export interface SavedProgress {
  currentSection: number;
  responses: PartialResponses;
  completedSections: number[];
}

/** What the wizard shows first (spec §4 "On load"). */
export type WizardStart = { kind: 'resume'; progress: SavedProgress } | { kind: 'intro' } | { kind: 'dialog'; assessmentCreatedAt: Date };

/**
 * - saved progress → resume at its section with its answers;
 * - no progress and no assessment → the intro;
 * - an existing assessment, no progress → the "Retomar Evaluación" dialog if it was created within
 *   the last month, otherwise the intro.
 *
 * `null` means "none" (the API answers NOT_FOUND).
 */
export function decideWizardStart(input: { progress: SavedProgress | null; latestAssessment: { createdAt: Date } | null; now: Date }): WizardStart {
  if (input.progress) return { kind: 'resume', progress: input.progress };
  if (input.latestAssessment && isRecentAssessment(input.latestAssessment.createdAt, input.now)) {
    return { kind: 'dialog', assessmentCreatedAt: input.latestAssessment.createdAt };
  }
  return { kind: 'intro' };
}
