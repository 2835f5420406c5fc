import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenForSafety } from '../safety';
import { RISK_CATEGORIES, type RiskCategory } from './categories';
import { rightResource } from './right-resource';
import { screenWithRules } from './rules-screen';

/**
 * The crisis screen's gate (decision 032), on the frozen test split of the evaluation corpus
 * (eval/crisis/README.md): writers B and E, whose messages nobody tuning the rules, the classifier or
 * its threshold has read. A crisis counts as caught only when the answer carries its family's helpline.
 */
type Row = { id: string; family: RiskCategory | 'none'; now?: boolean; minor?: boolean; text: string };

const rows: Row[] = readFileSync(join(import.meta.dirname, '../../eval/crisis/test.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Row);

type Tally = { total: number; caught: number };
const families = new Map<RiskCategory, Tally>(RISK_CATEGORIES.map((family) => [family, { total: 0, caught: 0 }]));
let negatives = 0;
let falseAlarms = 0;
const rulesAlone = { caught: 0, falseAlarms: 0 };
for (const row of rows) {
  const answer = screenForSafety(row.text);
  const rules = screenWithRules(row.text) !== null;
  if (row.family === 'none') {
    negatives += 1;
    if (answer) falseAlarms += 1;
    if (rules) rulesAlone.falseAlarms += 1;
    continue;
  }
  if (rules) rulesAlone.caught += 1;
  const tally = families.get(row.family) as Tally;
  tally.total += 1;
  const ids = new Set(answer?.resources.map((r) => r.id) ?? []);
  if (answer && rightResource(row).every((id) => ids.has(id))) tally.caught += 1;
}
const crises = [...families.values()].reduce((sum, t) => ({ total: sum.total + t.total, caught: sum.caught + t.caught }), { total: 0, caught: 0 });
const pct = (n: number, d: number) => (100 * n) / d;

/**
 * Floors: the figures measured with the committed classifier on this split (decision 032), less a
 * message's worth, so any change that loses ground fails. They are below the goal (97 % overall, 93 % in
 * every family, ≤ 2 % false alarms); the decision record says by how much.
 */
// Measured 93.3 % (336/360) after round 17, with NBSVM weights (decision 032, addenda of 2026-12-01); the floor is a
// message less (335/360). Before: 91.1 % with NBSVM and round 16, 91.4 % after rounds 13-15, 89.2 % after rounds
// 10-12, 90.3 % after rounds 8 and 9, 84.7 % after round 7, 81.7 % after round 6, 77.8 % before it, 67.8 % before
// rounds 4 and 5.
const FLOOR_OVERALL = 93.0;
const FLOOR_FAMILY = 83; // lowest measured 86.1 % (31/36: child_abuse); a message less is 83.3 %
// The threshold allows 4 % of train's and dev's hard negatives, each writer held out (decision 032): measured 3.2 %
// (7/220) after round 17, so at most a message more (8/220); 2.3 % (5/220) with NBSVM and round 16; 4.1 % (9/220)
// after rounds 13-15; 3.6 % (8/220) after rounds 10-12; 4.5 % (10/220) after rounds 8 and 9; 3.2 % (7/220) after
// rounds 6 and 7; 2.7 % before round 6.
const CEILING_FALSE_ALARMS = 3.7;

describe('the crisis screen on the frozen test split (writers B and E)', () => {
  it('prints its figures', () => {
    const lines = [...families].map(([family, t]) => `  ${family}: ${t.caught}/${t.total} (${pct(t.caught, t.total).toFixed(1)} %)`);
    console.log(
      `\nCrisis screen, test split: recall with the right helpline ${crises.caught}/${crises.total} (${pct(crises.caught, crises.total).toFixed(1)} %), false alarms ${falseAlarms}/${negatives} (${pct(falseAlarms, negatives).toFixed(1)} %)\n${lines.join('\n')}\n` +
        `  (the rules alone route ${rulesAlone.caught}/${crises.total}, with ${rulesAlone.falseAlarms} false alarms)\n`,
    );
    expect(crises.total).toBe(360);
    expect(negatives).toBe(220);
  });

  it('catches the crises, with the right helpline, overall and in every family', () => {
    expect(pct(crises.caught, crises.total)).toBeGreaterThanOrEqual(FLOOR_OVERALL);
    for (const [family, t] of families) expect(pct(t.caught, t.total), family).toBeGreaterThanOrEqual(FLOOR_FAMILY);
  });

  it('raises few false alarms', () => {
    expect(pct(falseAlarms, negatives)).toBeLessThanOrEqual(CEILING_FALSE_ALARMS);
  });
});
