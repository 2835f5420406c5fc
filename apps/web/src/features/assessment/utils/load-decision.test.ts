import { describe, expect, it } from 'vitest';
import { decideWizardStart } from './load-decision';

const NOW = new Date('2026-05-20T10:00:00Z');
const progress = { currentSection: 4, responses: { role: 'Chef' }, completedSections: [1, 2, 3] };

describe('decideWizardStart', () => {
  it('saved progress wins: resume where the user left', () => {
    expect(decideWizardStart({ progress, latestAssessment: { createdAt: new Date('2026-05-19T10:00:00Z') }, now: NOW })).toEqual({
      kind: 'resume',
      progress,
    });
  });

  it('no progress and no assessment: the intro', () => {
    expect(decideWizardStart({ progress: null, latestAssessment: null, now: NOW })).toEqual({ kind: 'intro' });
  });

  it('an assessment from within the last month and no progress: the "Retomar Evaluación" dialog', () => {
    const createdAt = new Date('2026-04-21T10:00:00Z');
    expect(decideWizardStart({ progress: null, latestAssessment: { createdAt }, now: NOW })).toEqual({
      kind: 'dialog',
      assessmentCreatedAt: createdAt,
    });
  });

  it('an assessment older than a month: the intro', () => {
    expect(
      decideWizardStart({
        progress: null,
        latestAssessment: { createdAt: new Date('2026-04-10T10:00:00Z') },
        now: NOW,
      }),
    ).toEqual({
      kind: 'intro',
    });
  });
});
