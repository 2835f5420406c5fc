import { ASSESSMENT_SECTIONS, PartialResponsesSchema, type FieldDefinition, type PartialResponses } from '@ascenso/domain/assessment';
import { ChakraProvider } from '@chakra-ui/react';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getSystem } from '../../../theme';
import { QuestionField } from './question-field';

// docs/ARCHITECTURE.md ("Web app"): the assessment form's limits are the domain schema's (what `assessment.saveProgress` and
// `POST /api/assessment/complete` validate). Each question is rendered as the browser gets it, and its
// limit is checked against PartialResponsesSchema: the rendered maximum passes and one more fails.

const render = (node: ReactNode) => renderToStaticMarkup(createElement(ChakraProvider, { value: getSystem(), children: node }));
const noop = () => undefined;
const fields = ASSESSMENT_SECTIONS.flatMap((section) => section.fields);

function renderQuestion(field: FieldDefinition, responses: PartialResponses = {}): string {
  return render(createElement(QuestionField, { field, responses, invalid: false, onAnswer: noop, onToggle: noop, onEnergy: noop }));
}

function accepts(name: string, value: unknown): boolean {
  return PartialResponsesSchema.safeParse({ [name]: value }).success;
}

describe('assessment form limits come from the domain schema', () => {
  const textFields = fields.filter((field) => field.kind === 'text');
  const multiFields = fields.filter((field) => field.kind === 'multi');

  it('renders every text and multi-choice question', () => {
    expect(textFields.length).toBeGreaterThan(0);
    expect(multiFields).toHaveLength(14);
  });

  it.each(textFields.map((field) => [field.name, field] as const))('%s: the input maxlength is the schema maximum', (name, field) => {
    // quickWinsOther is shown only while "otro" is chosen (decision 008).
    const html = renderQuestion(field, { quickWins: ['otro'] });
    const limits = [...html.matchAll(/maxlength="(\d+)"/gi)].map((match) => Number(match[1]));
    expect(limits).toHaveLength(1);
    const limit = limits[0] as number;
    expect(html).toContain(`Máximo ${limit} caracteres`);
    expect(accepts(name, 'a'.repeat(limit))).toBe(true);
    expect(accepts(name, 'a'.repeat(limit + 1))).toBe(false);
  });

  it.each(multiFields.map((field) => [field.name, field] as const))('%s: "Elige hasta N" is the schema maximum', (name, field) => {
    if (field.kind !== 'multi') throw new Error('multi only');
    const shown = Number(/Elige hasta (?:<!-- -->)?(\d+)/.exec(renderQuestion(field))?.[1]);
    const values = field.options.map((option) => option.value);
    expect(values.length).toBeGreaterThan(shown);
    expect(accepts(name, values.slice(0, shown))).toBe(true);
    expect(accepts(name, values.slice(0, shown + 1))).toBe(false);
  });
});
