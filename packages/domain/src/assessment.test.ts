import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_SECTIONS,
  AssessmentResponsesSchema,
  CompleteAssessmentInputSchema,
  MAX_SELECTIONS,
  PartialResponsesSchema,
  ProgressInputSchema,
  defaultResponses,
  isRecentAssessment,
  isSectionComplete,
  mergeOverDefaults,
  missingFields,
  percentComplete,
  showsQuickWinsOther,
  toggleSelection,
  type PartialResponses,
} from './assessment';
import { COMPLETE_RESPONSES, SPEC_MAX_SELECTIONS, UNRATED_ENERGY_FACTORS } from './assessment.fixtures';
import * as OPTIONS from './assessment-options';

describe('the assessment definition', () => {
  it('has 9 sections covering every field of the schema exactly once', () => {
    expect(ASSESSMENT_SECTIONS.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const names = ASSESSMENT_SECTIONS.flatMap((s) => s.fields.map((f) => f.name));
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(AssessmentResponsesSchema.shape).sort());
    expect(names.sort()).toEqual(Object.keys(COMPLETE_RESPONSES).sort());
  });

  it('uses the spec option values where the spec names them', () => {
    expect(OPTIONS.COMPANY_SIZE.values).toEqual(['startup', 'pequeña', 'mediana', 'grande', 'independiente']);
    expect(OPTIONS.COACHING_STYLE.values).toEqual([
      'motivador-intenso',
      'guía-estratégico',
      'campeón-apoyo',
      'analista-detallado',
      'innovador-creativo',
      'coach-holístico',
    ]);
    expect(OPTIONS.QUICK_WINS.values).toContain('otro');
  });

  it.each([
    'CURRENT_CHALLENGES',
    'WORK_RELATIONSHIP_ISSUES',
    'SKILL_GAPS',
    'WORK_STYLE',
    'MOTIVATION_FACTORS',
    'TOP_STRENGTHS',
    'DEVELOPMENT_AREAS',
    'SUPPORT_NEEDS',
  ] as const)('%s has 8–14 slug options with Spanish labels', (name) => {
    const list = OPTIONS[name].list;
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.length).toBeLessThanOrEqual(14);
    for (const option of list) {
      expect(option.value).toMatch(/^[a-záéíóúñü]+(-[a-záéíóúñü]+)*$/);
      expect(option.label.length).toBeGreaterThan(2);
    }
  });
});

describe('AssessmentResponsesSchema (complete)', () => {
  it('accepts a complete assessment', () => {
    expect(AssessmentResponsesSchema.safeParse(COMPLETE_RESPONSES).success).toBe(true);
  });

  const invalid: Array<[string, Partial<Record<keyof typeof COMPLETE_RESPONSES, unknown>>, string]> = [
    ['blank text', { role: '   ' }, 'role'],
    ['too long text', { biggestChallenge: 'x'.repeat(1001) }, 'biggestChallenge'],
    ['empty select', { companySize: '' }, 'companySize'],
    ['unknown option', { companySize: 'gigante' }, 'companySize'],
    ['empty array', { topStrengths: [] }, 'topStrengths'],
    ['too many selections', { shortTermGoals: ['ascenso', 'habilidades', 'equilibrio', 'equipo'] }, 'shortTermGoals'],
    ['duplicate selections', { leadershipTypes: ['coach', 'coach'] }, 'leadershipTypes'],
    ['unknown option in array', { workStyle: ['colaborativo', 'caótico'] }, 'workStyle'],
    ['rating 0', { satisfactionRating: 0 }, 'satisfactionRating'],
    ['rating 11', { satisfactionRating: 11 }, 'satisfactionRating'],
    ['energy 6', { energyFactors: { ...COMPLETE_RESPONSES.energyFactors, meetings: 6 } }, 'energyFactors'],
    ['otro text over 120 characters', { quickWins: ['otro'], quickWinsOther: 'x'.repeat(121) }, 'quickWinsOther'],
  ];
  it.each(invalid)('refuses %s', (_label, patch, field) => {
    const result = AssessmentResponsesSchema.safeParse({ ...COMPLETE_RESPONSES, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => String(i.path[0]))).toContain(field);
  });

  it.each([
    ['blank', { quickWinsOther: '' }],
    ['absent', { quickWinsOther: undefined }],
  ])("accepts 'otro' with quickWinsOther %s (optional, spec §3)", (_label, patch) => {
    const result = AssessmentResponsesSchema.safeParse({ ...COMPLETE_RESPONSES, quickWins: ['otro'], ...patch });
    expect(result.error?.issues).toBeUndefined();
    expect(result.success).toBe(true);
  });

  it('treats energyFactors at 0 (unanswered) as valid', () => {
    const zeros = Object.fromEntries(Object.keys(COMPLETE_RESPONSES.energyFactors).map((k) => [k, 0]));
    expect(AssessmentResponsesSchema.safeParse({ ...COMPLETE_RESPONSES, energyFactors: zeros }).success).toBe(true);
  });

  it('accepts a complete assessment without energyFactors, or with some factors left out, as unrated (0) (spec §5)', () => {
    const { energyFactors: _omitted, ...withoutEnergy } = COMPLETE_RESPONSES;
    const missing = AssessmentResponsesSchema.safeParse(withoutEnergy);
    expect(missing.error?.issues).toBeUndefined();
    expect(missing.data?.energyFactors).toEqual(UNRATED_ENERGY_FACTORS);
    const some = AssessmentResponsesSchema.safeParse({ ...COMPLETE_RESPONSES, energyFactors: { autonomy: 4 } });
    expect(some.data?.energyFactors).toEqual({ ...UNRATED_ENERGY_FACTORS, autonomy: 4 });
    // Present values are still checked.
    expect(AssessmentResponsesSchema.safeParse({ ...COMPLETE_RESPONSES, energyFactors: { autonomy: 9 } }).success).toBe(false);
    expect(AssessmentResponsesSchema.safeParse({ ...COMPLETE_RESPONSES, energyFactors: 'alto' }).success).toBe(false);
  });

  it('requires version 1.0 on completion', () => {
    expect(CompleteAssessmentInputSchema.safeParse({ responses: COMPLETE_RESPONSES, version: '1.0' }).success).toBe(true);
    expect(CompleteAssessmentInputSchema.safeParse({ responses: COMPLETE_RESPONSES, version: '2.0' }).success).toBe(false);
  });
});

describe('PartialResponsesSchema (progress)', () => {
  it('accepts the defaults and half-filled answers', () => {
    expect(PartialResponsesSchema.safeParse(defaultResponses()).success).toBe(true);
    expect(PartialResponsesSchema.safeParse({ role: 'Analista', companySize: '', topStrengths: ['empatía'] }).success).toBe(true);
  });
  it.each([
    [{ companySize: 'gigante' }],
    [{ topStrengths: ['volar'] }],
    [{ quickWins: ['pausas', 'dormir-mejor', 'decir-no', 'priorizar'] }],
    [{ satisfactionRating: 42 }],
    [{ role: 'x'.repeat(121) }],
  ])('refuses invalid values even in progress: %j', (partial) => {
    expect(PartialResponsesSchema.safeParse(partial).success).toBe(false);
  });
  it('checks the progress envelope', () => {
    expect(ProgressInputSchema.safeParse({ currentSection: 3, responses: {}, completedSections: [1, 2] }).success).toBe(true);
    expect(ProgressInputSchema.safeParse({ currentSection: 10, responses: {}, completedSections: [] }).success).toBe(false);
    expect(ProgressInputSchema.safeParse({ currentSection: 2, responses: {}, completedSections: [1, 1] }).success).toBe(false);
  });
});

describe('section completeness and percent complete', () => {
  it('starts at 0 % with every section but the energy one incomplete', () => {
    const empty = defaultResponses();
    expect(percentComplete(empty)).toBe(0);
    expect(ASSESSMENT_SECTIONS.map((s) => isSectionComplete(s.number, empty))).toEqual([false, false, false, false, false, true, false, false, false]);
  });

  it('reaches 100 % with a complete assessment', () => {
    expect(percentComplete(COMPLETE_RESPONSES)).toBe(100);
    expect(ASSESSMENT_SECTIONS.every((s) => isSectionComplete(s.number, COMPLETE_RESPONSES))).toBe(true);
  });

  it('counts required fields answered: section 1 alone is 6 of 32', () => {
    const section1: PartialResponses = {
      ...defaultResponses(),
      role: 'A',
      industry: 'B',
      experience: 'C',
      companySize: 'startup',
      reportingStructure: 'manager',
      workLocation: 'remoto',
    };
    expect(missingFields(1, section1)).toEqual([]);
    expect(percentComplete(section1)).toBe(Math.round((6 / 32) * 100));
  });

  it('lists what is missing in a section', () => {
    expect(missingFields(8, { ...defaultResponses(), coachingStyle: 'guía-estratégico' })).toEqual(['supportNeeds']);
  });

  it('shows the "otro" text only when otro is chosen, and never requires it (spec §3)', () => {
    const base = { ...COMPLETE_RESPONSES, quickWins: ['pausas'] as typeof COMPLETE_RESPONSES.quickWins };
    expect(showsQuickWinsOther(base)).toBe(false);
    expect(isSectionComplete(9, base)).toBe(true);
    const withOther = { ...base, quickWins: ['otro'] as typeof base.quickWins, quickWinsOther: '' };
    expect(showsQuickWinsOther(withOther)).toBe(true);
    expect(missingFields(9, withOther)).toEqual([]);
    expect(isSectionComplete(9, withOther)).toBe(true);
    expect(percentComplete(withOther)).toBe(100);
    expect(isSectionComplete(9, { ...withOther, quickWinsOther: 'Leer 10 páginas' })).toBe(true);
  });
});

describe('selection maximums (spec §5), all 14', () => {
  it('MAX_SELECTIONS names exactly the 14 fields of the spec, with its numbers', () => {
    expect(MAX_SELECTIONS).toEqual(Object.fromEntries(SPEC_MAX_SELECTIONS.map(([field, max]) => [field, max])));
  });

  describe.each(SPEC_MAX_SELECTIONS)('%s (max %i)', (field, max, values) => {
    const atMax = values.slice(0, max);
    const overMax = values.slice(0, max + 1);

    it('has enough options to go one over', () => {
      expect(overMax).toHaveLength(max + 1);
    });

    it('complete answers: exactly the maximum is accepted, one more is refused naming the field', () => {
      const ok = AssessmentResponsesSchema.safeParse({ ...COMPLETE_RESPONSES, [field]: atMax });
      expect(ok.error?.issues).toBeUndefined();
      const over = AssessmentResponsesSchema.safeParse({ ...COMPLETE_RESPONSES, [field]: overMax });
      expect(over.success).toBe(false);
      expect(over.error?.issues).toEqual([expect.objectContaining({ path: [field], message: `Elige como máximo ${max}` })]);
    });

    it('answers in progress: the same maximum', () => {
      expect(PartialResponsesSchema.safeParse({ [field]: atMax }).success).toBe(true);
      const over = PartialResponsesSchema.safeParse({ [field]: overMax });
      expect(over.error?.issues.map((i) => i.path)).toEqual([[field]]);
    });

    it('the form ignores the selection past the maximum', () => {
      let selected: string[] = [];
      for (const value of overMax) selected = toggleSelection(field, selected, value);
      expect(selected).toEqual(atMax);
    });
  });
});

describe('toggleSelection', () => {
  it('adds, removes, and ignores selections past the maximum', () => {
    let goals: string[] = [];
    for (const value of ['ascenso', 'habilidades', 'equilibrio', 'equipo']) goals = toggleSelection('shortTermGoals', goals, value);
    expect(goals).toEqual(['ascenso', 'habilidades', 'equilibrio']);
    expect(goals).toHaveLength(MAX_SELECTIONS.shortTermGoals);
    goals = toggleSelection('shortTermGoals', goals, 'habilidades');
    expect(goals).toEqual(['ascenso', 'equilibrio']);
  });
});

describe('mergeOverDefaults', () => {
  it('keeps saved answers and fills the rest with defaults', () => {
    const merged = mergeOverDefaults({ role: 'Diseñadora', energyFactors: { meetings: 2 } as never });
    expect(merged.role).toBe('Diseñadora');
    expect(merged.industry).toBe('');
    expect(merged.topStrengths).toEqual([]);
    expect(merged.energyFactors).toMatchObject({ meetings: 2, autonomy: 0 });
  });
});

describe('isRecentAssessment', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it.each([
    ['2026-11-01T10:00:00Z', true],
    ['2026-10-22T10:00:00Z', true],
    ['2026-10-22T09:59:59Z', false],
    ['2026-01-01T00:00:00Z', false],
  ])('%s → %s', (created, recent) => expect(isRecentAssessment(new Date(created), now)).toBe(recent));
});
