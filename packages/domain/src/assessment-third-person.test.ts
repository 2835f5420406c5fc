import { describe, expect, it } from 'vitest';
import { ASSESSMENT_SECTIONS } from './assessment';
import { THIRD_PERSON_LABELS, thirdPersonLabel, type ThirdPersonField } from './assessment-third-person';
import { proofreadSentence } from './spanish-proofreading.testing';

const FIELDS = Object.keys(THIRD_PERSON_LABELS) as ThirdPersonField[];
const optionsOf = (field: string) => {
  const definition = ASSESSMENT_SECTIONS.flatMap((s) => s.fields).find((f) => f.name === field);
  if (!definition || (definition.kind !== 'select' && definition.kind !== 'multi')) throw new Error(`${field} is not a list field`);
  return definition.options;
};
const firstPerson = (text: string) => proofreadSentence(`${text}.`).some((problem) => problem.startsWith('first person'));

describe('answers as the share page says them (third person)', () => {
  it('no option of the fields the page shows reads in the first person', () => {
    const slips = FIELDS.flatMap((field) => optionsOf(field).map((o) => `${field}: ${thirdPersonLabel(field, o)}`)).filter((line) =>
      firstPerson(line.split(': ')[1] ?? ''),
    );
    expect(slips).toEqual([]);
  });

  it('changes only the labels in the user’s voice, each a real option of its field', () => {
    // The detector sees the wizard's own labels as first person: the table is needed, and complete.
    for (const field of FIELDS) {
      const values = new Set(optionsOf(field).map((o) => o.value));
      for (const value of Object.keys(THIRD_PERSON_LABELS[field])) expect(values.has(value), `${field}.${value}`).toBe(true);
      for (const option of optionsOf(field)) {
        const replaced = (THIRD_PERSON_LABELS[field] as Record<string, string>)[option.value] !== undefined;
        expect(replaced, `${field}.${option.value} «${option.label}»`).toBe(firstPerson(option.label));
      }
    }
  });

  it('reads as a mentor expects', () => {
    expect(thirdPersonLabel('shortTermGoals', { value: 'equipo', label: 'Liderar mejor a mi equipo' })).toBe('Liderar mejor a su equipo');
    expect(thirdPersonLabel('shortTermGoals', { value: 'ascenso', label: 'Conseguir un ascenso' })).toBe('Conseguir un ascenso');
    expect(thirdPersonLabel('stressResponse', { value: 'abrumado', label: 'Me siento abrumado/a' })).toBe('Le abruma');
  });
});
