import { SECTION_COUNT, defaultResponses, type PartialResponses } from '@ascenso/domain/assessment';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { describe, expect, it } from 'vitest';
import {
  canGoBack,
  canGoNext,
  completedSections,
  initialWizardState,
  progressPayload,
  responsesForSubmit,
  resumedWizardState,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard-state';

const SECTION_1: PartialResponses = {
  role: 'Diseñadora',
  industry: 'Software',
  experience: '5 años',
  companySize: 'startup',
  reportingStructure: 'manager',
  workLocation: 'remoto',
};

function run(state: WizardState, ...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, state);
}

function answerSection1(state: WizardState): WizardState {
  return run(state, ...Object.entries(SECTION_1).map(([field, value]) => ({ type: 'answer', field, value }) as WizardAction));
}

describe('wizardReducer: navigation', () => {
  it('starts at step 1 with the default answers and nothing to save', () => {
    const state = initialWizardState();
    expect(state).toMatchObject({ step: 1, furthestStep: 1, revision: 0 });
    expect(state.responses).toEqual(defaultResponses());
    expect(canGoBack(state)).toBe(false);
  });

  it('"start" is a step change: it is saved', () => {
    expect(run(initialWizardState(), { type: 'start' }).revision).toBe(1);
  });

  it('Next is refused while the section is incomplete', () => {
    const state = initialWizardState();
    expect(canGoNext(state)).toBe(false);
    expect(run(state, { type: 'next' })).toBe(state);
  });

  it('Next moves on once the section is complete; Back returns', () => {
    const answered = answerSection1(initialWizardState());
    expect(canGoNext(answered)).toBe(true);
    const second = run(answered, { type: 'next' });
    expect(second).toMatchObject({ step: 2, furthestStep: 2 });
    const back = run(second, { type: 'back' });
    expect(back).toMatchObject({ step: 1, furthestStep: 2 });
    expect(back.revision).toBe(second.revision + 1);
  });

  it('Back does nothing on step 1; Next does nothing on the last step', () => {
    const first = initialWizardState();
    expect(run(first, { type: 'back' })).toBe(first);
    const last = resumedWizardState({
      currentSection: SECTION_COUNT,
      responses: COMPLETE_RESPONSES,
      completedSections: [],
    });
    expect(canGoNext(last)).toBe(false);
    expect(run(last, { type: 'next' })).toBe(last);
  });

  it('section 6 (energy) is always complete', () => {
    const sixth = resumedWizardState({ currentSection: 6, responses: {}, completedSections: [] });
    expect(canGoNext(sixth)).toBe(true);
  });

  it('reset clears the answers and returns to step 1', () => {
    const moved = run(answerSection1(initialWizardState()), { type: 'next' });
    expect(run(moved, { type: 'reset' })).toEqual(initialWizardState());
  });
});

describe('wizardReducer: answers', () => {
  it('every answer bumps the revision (autosave)', () => {
    const state = run(initialWizardState(), { type: 'answer', field: 'role', value: 'Piloto' });
    expect(state.responses.role).toBe('Piloto');
    expect(state.revision).toBe(1);
  });

  it('enforces the maximum selections: an extra one is ignored and not saved', () => {
    let state = resumedWizardState({ currentSection: 3, responses: {}, completedSections: [] });
    for (const value of ['ascenso', 'habilidades', 'equilibrio']) state = run(state, { type: 'toggle', field: 'shortTermGoals', value });
    expect(state.responses.shortTermGoals).toEqual(['ascenso', 'habilidades', 'equilibrio']);
    const before = state;
    state = run(state, { type: 'toggle', field: 'shortTermGoals', value: 'equipo' });
    expect(state).toBe(before);
    state = run(state, { type: 'toggle', field: 'shortTermGoals', value: 'ascenso' });
    expect(state.responses.shortTermGoals).toEqual(['habilidades', 'equilibrio']);
  });

  it('energy scores are kept per factor and clamped to 0–5', () => {
    let state = run(initialWizardState(), { type: 'energy', factor: 'meetings', score: 1 });
    state = run(state, { type: 'energy', factor: 'learning', score: 9 });
    expect(state.responses.energyFactors).toMatchObject({ meetings: 1, learning: 5, autonomy: 0 });
  });

  it("quickWinsOther stays optional with 'otro' chosen (spec §3), and is blanked on submit otherwise", () => {
    let state = resumedWizardState({
      currentSection: 9,
      responses: { ...COMPLETE_RESPONSES, quickWins: ['pausas'], quickWinsOther: '' },
      completedSections: [],
    });
    expect(canGoNext({ ...state, step: 8 })).toBe(true);
    state = run(state, { type: 'toggle', field: 'quickWins', value: 'otro' });
    expect(canGoNext({ ...state, step: 8 })).toBe(true);
    expect(progressPayload(state).completedSections).toContain(9);
    state = run(state, { type: 'answer', field: 'quickWinsOther', value: 'Salir a correr' });
    expect(responsesForSubmit(state.responses).quickWinsOther).toBe('Salir a correr');
    expect(responsesForSubmit({ ...state.responses, quickWins: ['pausas'] }).quickWinsOther).toBe('');
  });
});

describe('resume and the autosave payload', () => {
  it('resumes at the saved section with the answers merged over the defaults', () => {
    const state = resumedWizardState({ currentSection: 2, responses: { role: 'Chef' }, completedSections: [1] });
    expect(state).toMatchObject({ step: 2, furthestStep: 2, revision: 0 });
    expect(state.responses.role).toBe('Chef');
    expect(state.responses.personalSituation).toEqual([]);
    expect(state.responses.energyFactors).toEqual(defaultResponses().energyFactors);
  });

  it('clamps an out-of-range section', () => {
    expect(resumedWizardState({ currentSection: 42, responses: {}, completedSections: [] }).step).toBe(SECTION_COUNT);
    expect(resumedWizardState({ currentSection: 0, responses: {}, completedSections: [] }).step).toBe(1);
  });

  it('sends the current section, the answers and the completed sections reached so far', () => {
    const state = run(answerSection1(initialWizardState()), { type: 'next' });
    const payload = progressPayload(state);
    expect(payload.currentSection).toBe(2);
    expect(payload.responses.role).toBe('Diseñadora');
    // Section 6 is trivially complete but not reached yet.
    expect(payload.completedSections).toEqual([1]);
    expect(completedSections(resumedWizardState({ currentSection: 9, responses: COMPLETE_RESPONSES, completedSections: [] }))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });
});
