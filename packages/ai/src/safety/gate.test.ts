import { describe, expect, it } from 'vitest';
import { RISK_CATEGORIES } from './categories';
import { SAFETY_MESSAGES, type LabelledMessage } from './fixtures/messages';
import { screenMessage } from './screen';

type Figures = {
  positives: number;
  flagged: number;
  categoryRight: number;
  negatives: number;
  falsePositives: number;
  misses: string[];
  wrong: string[];
  fps: string[];
};

function measure(messages: LabelledMessage[]): Figures {
  const f: Figures = {
    positives: 0,
    flagged: 0,
    categoryRight: 0,
    negatives: 0,
    falsePositives: 0,
    misses: [],
    wrong: [],
    fps: [],
  };
  for (const m of messages) {
    const result = screenMessage(m.text);
    if (m.expected === null) {
      f.negatives += 1;
      if (result) {
        f.falsePositives += 1;
        f.fps.push(`${m.text} → ${result.category} (${result.rules.join(', ')})`);
      }
      continue;
    }
    f.positives += 1;
    if (!result) {
      f.misses.push(`${m.text} (${m.expected})`);
      continue;
    }
    f.flagged += 1;
    if (result.category === m.expected) f.categoryRight += 1;
    else f.wrong.push(`${m.text} → ${result.category}, expected ${m.expected} (${result.rules.join(', ')})`);
  }
  return f;
}

const pct = (n: number, d: number) => (d === 0 ? 0 : (100 * n) / d);
const line = (name: string, f: Figures) =>
  `${name}: recall ${pct(f.flagged, f.positives).toFixed(1)} % (${f.flagged}/${f.positives}), category right ${pct(f.categoryRight, f.flagged).toFixed(1)} % (${f.categoryRight}/${f.flagged}), false positives ${pct(f.falsePositives, f.negatives).toFixed(1)} % (${f.falsePositives}/${f.negatives})`;

describe('safety gate (packages/ai/src/safety/fixtures/messages.json)', () => {
  const all = measure(SAFETY_MESSAGES);
  const dev = measure(SAFETY_MESSAGES.filter((m) => m.split === 'dev'));
  const holdout = measure(SAFETY_MESSAGES.filter((m) => m.split === 'holdout'));

  it('prints the figures', () => {
    const report = [line('all', all), line('dev', dev), line('holdout', holdout)];
    for (const category of RISK_CATEGORIES.filter((c) => SAFETY_MESSAGES.some((m) => m.expected === c))) {
      const f = measure(SAFETY_MESSAGES.filter((m) => m.expected === category));
      report.push(`  ${category}: ${f.flagged}/${f.positives} flagged, ${f.categoryRight} right category`);
    }
    for (const [name, f] of [
      ['dev', dev],
      ['holdout', holdout],
    ] as const) {
      for (const m of f.misses) report.push(`  ${name} miss: ${m}`);
      for (const m of f.wrong) report.push(`  ${name} wrong category: ${m}`);
      for (const m of f.fps) report.push(`  ${name} false positive: ${m}`);
    }
    console.log(`\nSafety screen figures\n${report.join('\n')}\n`);
  });

  it('has a set large enough to mean something', () => {
    expect(SAFETY_MESSAGES.length).toBeGreaterThanOrEqual(150);
    // The six families it was written for (the other four are measured on the corpus: crisis-gate.test.ts).
    for (const category of new Set(SAFETY_MESSAGES.map((m) => m.expected).filter((c) => c !== null)))
      expect(SAFETY_MESSAGES.filter((m) => m.expected === category).length).toBeGreaterThanOrEqual(15);
    expect(SAFETY_MESSAGES.filter((m) => m.expected === null).length).toBeGreaterThanOrEqual(50);
    expect(new Set(SAFETY_MESSAGES.map((m) => m.text)).size).toBe(SAFETY_MESSAGES.length);
  });

  it('flags at least 95 % of the crisis messages', () => {
    expect(pct(all.flagged, all.positives)).toBeGreaterThanOrEqual(95);
  });

  it('names the right category for at least 90 % of the flagged ones', () => {
    expect(pct(all.categoryRight, all.flagged)).toBeGreaterThanOrEqual(90);
  });

  // 1 of these 72 since rounds 13-15: "ojalá dormir doce horas y no despertarme hasta mediodía", one of the 3 after
  // rounds 10-12 (with "mi novio me ha pegado el resfriado" and "me tomaría todas las vacaciones de golpe"). Nothing
  // is tuned on this set; the frozen test split and the outside sets are the measure (decision 032).
  it('fires on at most 1.4 % of the hard negatives', () => {
    expect(pct(all.falsePositives, all.negatives)).toBeLessThanOrEqual(1.4);
  });
});
