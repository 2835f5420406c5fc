import { describe, expect, it } from 'vitest';
import { guardEslint, root } from './guard-eslint';

// docs/ARCHITECTURE.md ("Web app"): a web form's limits come from packages/domain (the schemas and constants the API validates
// with), never from a literal. The rule in eslint.config.js ("Form limits from the domain") reports a
// literal maxLength/minLength/max/min on a JSX element and a literal maxLength/minLength/maxSelections option.

const eslint = guardEslint();
const FILE = 'apps/web/src/features/profile/components/example-form.tsx';

async function limitsReported(code: string, filePath = FILE): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.startsWith('Form limits come from packages/domain')).length;
}

const wrap = (jsx: string) => `export const Form = () => ${jsx};\n`;

describe('the "form limits from the domain" lint rule', () => {
  it.each([
    ['a literal maxLength', wrap('<input maxLength={300} />')],
    ['a literal maxLength with a separator', wrap('<textarea maxLength={20_000} />')],
    ['a literal maxLength string', wrap('<input maxLength="120" />')],
    ['a literal minLength', wrap('<input minLength={3} />')],
    ['a literal max', wrap('<input type="number" max={100000} />')],
    ['a negative literal min', wrap('<input type="number" min={-100000} />')],
    ['a literal maxSelections', wrap('<Choices maxSelections={3} />')],
    ['a literal maxLength option', 'export const field = { label: "Nota", minLength: 3, maxLength: 200 };\n'],
  ])('reports %s', async (_name, code) => {
    expect(await limitsReported(code)).toBeGreaterThan(0);
  });

  it('accepts limits read from the domain, and a 0 floor', async () => {
    const code = [
      "import { COACH_NOTE_MAX_LENGTH } from '@ascenso/domain/profile';",
      "import { MAX_SELECTIONS } from '@ascenso/domain/assessment';",
      'export const Form = () => (',
      '  <>',
      '    <input maxLength={COACH_NOTE_MAX_LENGTH} />',
      '    <Choices maxSelections={MAX_SELECTIONS.topStrengths} />',
      '    <input type="range" min={0} max={duration} aria-valuemax={100} />',
      '  </>',
      ');',
      'declare const duration: number;',
      'declare function Choices(props: { maxSelections: number }): null;',
      'export const field = { maxLength: COACH_NOTE_MAX_LENGTH };',
    ].join('\n');
    expect(await limitsReported(code)).toBe(0);
  });

  it('applies to every web component, and keeps the library-internals guard there', async () => {
    expect(await limitsReported(wrap('<input maxLength={40} />'), 'apps/web/src/features/journaling/components/new-entry.tsx')).toBe(1);
    const [result] = await eslint.lintText("import x from '@trpc/server/unstable-core-do-not-import';\nexport default x;\n", { filePath: `${root}/${FILE}` });
    expect(result?.messages.some((m) => m.message.startsWith('Libraries as shipped:'))).toBe(true);
  });
});
