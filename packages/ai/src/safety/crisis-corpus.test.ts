import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_DIMENSIONS, VECTOR_SCALING } from './features';

// The evaluation corpus (eval/crisis/README.md): split by writer before any tuning; the test split is frozen.
const DIR = join(import.meta.dirname, '../../eval/crisis');
/** SHA-256 of eval/crisis/test.jsonl as written. Nobody tuning the screen reads or changes that file. */
const FROZEN_TEST_SHA256 = '34166e8c069f06ce4f46dda591d99080fa5eed7f24b135740238ee73eaa71917';

const FAMILIES = [
  'suicidal_active',
  'suicidal_passive',
  'immediate_danger',
  'self_harm',
  'partner_violence',
  'child_abuse',
  'eating_disorder_danger',
  'other_in_danger',
  'overdose_poisoning',
  'medical_emergency',
  'none',
] as const;

type Row = { id: string; writer: string; channel: 'chat' | 'journal'; family: (typeof FAMILIES)[number]; now?: boolean; minor?: boolean; text: string };

function read(split: 'train' | 'dev' | 'test' | 'waiting/round-18'): Row[] {
  return readFileSync(join(DIR, `${split}.jsonl`), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);
}

describe('the crisis evaluation corpus', () => {
  it('keeps the test split exactly as frozen', () => {
    expect(
      createHash('sha256')
        .update(readFileSync(join(DIR, 'test.jsonl')))
        .digest('hex'),
    ).toBe(FROZEN_TEST_SHA256);
  });

  it('is split by writer: no writer in two splits, at least four writers', () => {
    const writers = {
      train: new Set(read('train').map((r) => r.writer)),
      dev: new Set(read('dev').map((r) => r.writer)),
      test: new Set(read('test').map((r) => r.writer)),
    };
    expect([...writers.train].sort()).toEqual([
      'A',
      'AA',
      'AB',
      'AD',
      'AE',
      'AF',
      'AG',
      'AH',
      'AJ',
      'AK',
      'AL',
      'AM',
      'AN',
      'AO',
      'AP',
      'AR',
      'AS',
      'AT',
      'AU',
      'AV',
      'AX',
      'AY',
      'AZ',
      'BA',
      'BC',
      'BD',
      'BF',
      'BG',
      'BI',
      'BJ',
      'BK',
      'BM',
      'BN',
      'BO',
      'BP',
      'BQ',
      'BR',
      'BS',
      'BT',
      'BU',
      'BV',
      'BW',
      'BX',
      'BY',
      'BZ',
      'C',
      'CA',
      'CB',
      'CC',
      'CD',
      'CE',
      'CF',
      'CG',
      'CH',
      'CI',
      'CJ',
      'CK',
      'D',
      'G',
      'H',
      'I',
      'K',
      'M',
      'N',
      'O',
      'P',
      'Q',
      'S',
      'T',
      'U',
      'V',
      'W',
      'X',
      'Y',
      'Z',
    ]);
    expect([...writers.dev].sort()).toEqual(['AC', 'AI', 'AQ', 'AW', 'BB', 'BH', 'BL', 'F', 'J', 'L', 'R']);
    expect([...writers.test].sort()).toEqual(['B', 'E']);
    expect(new Set([...writers.train, ...writers.dev, ...writers.test]).size).toBeGreaterThanOrEqual(4);
    // A round written but not shipped (eval/crisis/README.md, round 18): writers of their own, in no split.
    const waiting = new Set(read('waiting/round-18').map((r) => r.writer));
    expect([...waiting].sort()).toEqual(['CL', 'CM', 'CN']);
    for (const split of Object.values(writers)) expect([...split].filter((w) => waiting.has(w))).toEqual([]);
  });

  it('holds at least 900 crisis messages over the ten families and 600 hard negatives, well formed', () => {
    const rows = [...read('train'), ...read('dev'), ...read('test')];
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    // One assertion over the malformed rows' ids (18 000 rows: one expect per field took seconds).
    const malformed = rows
      .filter(
        (row) =>
          !(FAMILIES as readonly string[]).includes(row.family) ||
          !['chat', 'journal'].includes(row.channel) ||
          row.text.trim().length === 0 ||
          (typeof row.now === 'boolean') !== (row.family === 'partner_violence') ||
          (typeof row.minor === 'boolean') !== (row.family === 'child_abuse'),
      )
      .map((row) => row.id);
    expect(malformed).toEqual([]);
    const crisis = rows.filter((r) => r.family !== 'none');
    expect(crisis.length).toBeGreaterThanOrEqual(900);
    expect(rows.length - crisis.length).toBeGreaterThanOrEqual(600);
    for (const family of FAMILIES.filter((f) => f !== 'none')) expect(crisis.filter((r) => r.family === family).length, family).toBeGreaterThanOrEqual(90);
  });

  it('trained the committed classifier: its weights name the train and dev files as they are (pnpm --filter @ascenso/ai train:crisis)', () => {
    const model = JSON.parse(readFileSync(join(import.meta.dirname, 'crisis-model.json'), 'utf8')) as {
      trainedOn: Record<string, string>;
      dimensions: number;
      scaling: unknown;
    };
    // The features the app computes are the ones it was trained on.
    expect(model.dimensions).toBe(FEATURE_DIMENSIONS);
    expect(model.scaling).toEqual(VECTOR_SCALING);
    const sha = (name: string) =>
      createHash('sha256')
        .update(readFileSync(join(DIR, name)))
        .digest('hex');
    expect(model.trainedOn).toEqual({ 'train.jsonl': sha('train.jsonl'), 'dev.jsonl': sha('dev.jsonl') });
    expect(Object.keys(model.trainedOn).join()).not.toContain('test');
  });
});
