import {
  SECTION_COUNT,
  defaultResponses,
  isSectionComplete,
  mergeOverDefaults,
  showsQuickWinsOther,
  toggleSelection,
  type EnergyFactor,
  type FieldName,
  type MultiField,
  type PartialResponses,
  type ProgressInput,
} from '@ascenso/domain/assessment';

/**
 * The wizard's form state (spec §4 "Assessment wizard"): the current step (1–9), the answers, and the
 * furthest step reached. `revision` counts the changes that must be autosaved (every answer and every
 * step change); a freshly loaded state has revision 0, so loading never triggers a save.
 */
export interface WizardState {
  step: number;
  responses: PartialResponses;
  furthestStep: number;
  revision: number;
}

export type WizardAction =
  | { type: 'answer'; field: FieldName; value: PartialResponses[FieldName] }
  | { type: 'toggle'; field: MultiField; value: string }
  | { type: 'energy'; factor: EnergyFactor; score: number }
  | { type: 'start' }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'reset' };

export function clampStep(step: number): number {
  if (!Number.isFinite(step)) return 1;
  return Math.min(SECTION_COUNT, Math.max(1, Math.trunc(step)));
}

export function initialWizardState(): WizardState {
  return { step: 1, responses: defaultResponses(), furthestStep: 1, revision: 0 };
}

/** Saved progress → the state to resume from: its section, its answers merged over the defaults. */
export function resumedWizardState(progress: { currentSection: number; responses: PartialResponses; completedSections: readonly number[] }): WizardState {
  const step = clampStep(progress.currentSection);
  const furthestStep = clampStep(Math.max(step, ...progress.completedSections.map((n) => n + 1)));
  return { step, responses: mergeOverDefaults(progress.responses), furthestStep, revision: 0 };
}

const changed = (state: WizardState, patch: Partial<WizardState>): WizardState => ({
  ...state,
  ...patch,
  revision: state.revision + 1,
});

/** Next is allowed only when the current section is complete; Back when step > 1 (spec §4). */
export function canGoNext(state: WizardState): boolean {
  return state.step < SECTION_COUNT && isSectionComplete(state.step, state.responses);
}

export function canGoBack(state: WizardState): boolean {
  return state.step > 1;
}

export function isLastStep(step: number): boolean {
  return step === SECTION_COUNT;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'answer':
      return changed(state, { responses: { ...state.responses, [action.field]: action.value } });
    case 'toggle': {
      const current = (state.responses[action.field] as string[] | undefined) ?? [];
      const next = toggleSelection(action.field, current, action.value);
      // An ignored selection (past the maximum) changes nothing, so nothing is saved either.
      if (next.length === current.length && next.every((v, i) => v === current[i])) return state;
      return changed(state, { responses: { ...state.responses, [action.field]: next } });
    }
    case 'energy': {
      const score = Math.min(5, Math.max(0, Math.trunc(action.score)));
      const energy = { ...defaultResponses().energyFactors, ...state.responses.energyFactors, [action.factor]: score };
      return changed(state, { responses: { ...state.responses, energyFactors: energy } });
    }
    case 'start':
      // The intro's "Comenzar Evaluación" (or a new evaluation from the dialog): step 1, saved.
      return changed(state, { step: 1 });
    case 'next': {
      if (!canGoNext(state)) return state;
      const step = state.step + 1;
      return changed(state, { step, furthestStep: Math.max(state.furthestStep, step) });
    }
    case 'back':
      return canGoBack(state) ? changed(state, { step: state.step - 1 }) : state;
    case 'reset':
      return initialWizardState();
  }
}

/** Sections reached so far whose required questions are all answered (sent with every autosave). */
export function completedSections(state: WizardState): number[] {
  const out: number[] = [];
  for (let n = 1; n <= SECTION_COUNT; n += 1) {
    if (n <= state.furthestStep && isSectionComplete(n, state.responses)) out.push(n);
  }
  return out;
}

/** The autosave payload (`assessment.saveProgress`). */
export function progressPayload(state: WizardState): ProgressInput {
  return { currentSection: state.step, responses: state.responses, completedSections: completedSections(state) };
}

/** What is submitted on completion: the 'otro' text only when 'otro' is chosen (decision 008). */
export function responsesForSubmit(responses: PartialResponses): PartialResponses {
  return showsQuickWinsOther(responses) ? responses : { ...responses, quickWinsOther: '' };
}
