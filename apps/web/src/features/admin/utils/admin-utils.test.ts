import {
  ACTIVITY_CATALOGUE,
  ACTIVITY_VALUE_LIMITS,
  ADJUSTMENT_REASON_MAX_LENGTH,
  ADJUSTMENT_REASON_MIN_LENGTH,
  STEP_ADJUSTMENT_MAX,
} from '@ascenso/domain/activities';
import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_REASON_HINT,
  auditChanges,
  CATALOGUE_HINTS,
  isDraftDirty,
  parseDecimal,
  toDraft,
  validateAdjustment,
  validateCatalogueDraft,
} from './catalogue-form';
import { buildCompletionSeries, buildFailureSeries, buildUsageSeries, SERIES_COLORS } from './series';

const SESSION = { name: 'Sesión completa', baseSteps: 1250, multiplier: 1, dailyLimit: 1 };

describe('catalogue row validation (mirrors ActivityValuesSchema)', () => {
  it('accepts valid values and parses Spanish decimals', () => {
    expect(validateCatalogueDraft({ name: ' Sesión completa ', baseSteps: '1250', multiplier: '1,5', dailyLimit: '2' })).toEqual({
      ok: true,
      values: { name: 'Sesión completa', baseSteps: 1250, multiplier: 1.5, dailyLimit: 2 },
    });
    expect(parseDecimal('0.25')).toBe(0.25);
    expect(parseDecimal('1e3')).toBeNaN();
    expect(parseDecimal('')).toBeNaN();
  });

  it('maps every schema limit to a Spanish message on its field', () => {
    const result = validateCatalogueDraft({ name: '  ', baseSteps: '-1', multiplier: '11', dailyLimit: '1001' });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Escribe un nombre',
        baseSteps: 'El mínimo es 0',
        multiplier: 'El máximo es 10',
        dailyLimit: 'El máximo es 1000',
      },
    });
    expect(validateCatalogueDraft({ ...toDraft(SESSION), baseSteps: '100001' })).toMatchObject({
      ok: false,
      errors: { baseSteps: 'El máximo es 100.000' },
    });
    expect(validateCatalogueDraft({ ...toDraft(SESSION), name: 'x'.repeat(81) })).toMatchObject({
      ok: false,
      errors: { name: 'Máximo 80 caracteres' },
    });
  });

  it.each([
    ['dailyLimit', '', 'Obligatorio'],
    ['baseSteps', 'mucho', 'Escribe un número entero'],
    ['dailyLimit', '1,5', 'Escribe un número entero'],
    ['multiplier', 'x', 'Escribe un número (por ejemplo 1 o 1,5)'],
  ] as const)('refuses %s = %j (empty, non-numeric or fractional counts)', (field, text, message) => {
    expect(validateCatalogueDraft({ ...toDraft(SESSION), [field]: text })).toMatchObject({ ok: false, errors: { [field]: message } });
  });

  it("writes each field's hint and the adjustment limits from the domain's limits", () => {
    expect(CATALOGUE_HINTS).toEqual({
      name: `${ACTIVITY_VALUE_LIMITS.name.min} a ${ACTIVITY_VALUE_LIMITS.name.max} caracteres`,
      baseSteps: `Entero, 0 a ${new Intl.NumberFormat('es-ES').format(ACTIVITY_VALUE_LIMITS.baseSteps.max)}`,
      multiplier: `0 a ${ACTIVITY_VALUE_LIMITS.multiplier.max}, admite decimales`,
      dailyLimit: `Entero, 0 a ${new Intl.NumberFormat('es-ES').format(ACTIVITY_VALUE_LIMITS.dailyLimit.max)}`,
    });
    expect(ADJUSTMENT_REASON_HINT).toContain(`De ${ADJUSTMENT_REASON_MIN_LENGTH} a ${ADJUSTMENT_REASON_MAX_LENGTH} caracteres`);
    const reason = (length: number) => 'x'.repeat(length);
    expect(validateAdjustment(String(STEP_ADJUSTMENT_MAX), reason(ADJUSTMENT_REASON_MAX_LENGTH)).ok).toBe(true);
    expect(validateAdjustment(String(-STEP_ADJUSTMENT_MAX), reason(ADJUSTMENT_REASON_MIN_LENGTH)).ok).toBe(true);
    expect(validateAdjustment(String(STEP_ADJUSTMENT_MAX + 1), 'Premio')).toMatchObject({ ok: false, errors: { steps: expect.any(String) } });
    expect(validateAdjustment('5', reason(ADJUSTMENT_REASON_MAX_LENGTH + 1))).toMatchObject({
      ok: false,
      errors: { reason: `Máximo ${ADJUSTMENT_REASON_MAX_LENGTH} caracteres` },
    });
    expect(validateAdjustment('5', reason(ADJUSTMENT_REASON_MIN_LENGTH - 1))).toMatchObject({ ok: false, errors: { reason: 'Explica el motivo del ajuste' } });
  });

  it('knows when a row has unsaved changes', () => {
    expect(isDraftDirty(toDraft(SESSION), SESSION)).toBe(false);
    expect(isDraftDirty({ ...toDraft(SESSION), multiplier: '1,0' }, SESSION)).toBe(false);
    expect(isDraftDirty({ ...toDraft(SESSION), dailyLimit: '2' }, SESSION)).toBe(true);
  });

  it('describes an audit entry as before → after for changed fields only', () => {
    expect(auditChanges({ ...SESSION }, { ...SESSION, dailyLimit: 2, baseSteps: 1300 })).toEqual([
      { field: 'baseSteps', label: 'Pasos base', before: '1250', after: '1300' },
      { field: 'dailyLimit', label: 'Límite diario', before: '1', after: '2' },
    ]);
  });
});

describe('manual adjustment validation', () => {
  it('accepts positive and negative whole numbers with a reason', () => {
    expect(validateAdjustment('+200', ' Premio del reto ')).toEqual({
      ok: true,
      values: { steps: 200, reason: 'Premio del reto' },
    });
    expect(validateAdjustment('-150', 'Duplicado')).toEqual({ ok: true, values: { steps: -150, reason: 'Duplicado' } });
  });

  it('refuses 0, fractions, out-of-range values and a missing reason', () => {
    expect(validateAdjustment('0', 'abc')).toMatchObject({ ok: false, errors: { steps: 'El ajuste no puede ser 0' } });
    expect(validateAdjustment('1,5', 'abc')).toMatchObject({
      ok: false,
      errors: { steps: expect.stringContaining('entero') },
    });
    expect(validateAdjustment('100001', 'abc')).toMatchObject({
      ok: false,
      errors: { steps: expect.stringContaining('100.000') },
    });
    expect(validateAdjustment('', '')).toMatchObject({
      ok: false,
      errors: { steps: expect.any(String), reason: 'Explica el motivo del ajuste' },
    });
  });
});

describe('dashboard series', () => {
  it('fills 14 days per activity in catalogue order with stable colours', () => {
    const { days, series } = buildCompletionSeries(
      [
        { day: '2026-05-31', activityKey: 'journaling', completions: 2 },
        { day: '2026-05-30', activityKey: 'active_break', completions: 3 },
        { day: '2026-05-31', activityKey: 'active_break', completions: 1 },
        { day: '2026-04-01', activityKey: 'active_break', completions: 9 }, // outside the window
        { day: '2026-05-31', activityKey: 'legacy_key', completions: 1 },
      ],
      '2026-05-31',
      ACTIVITY_CATALOGUE,
    );
    expect(days).toHaveLength(14);
    expect(days.at(-1)).toBe('2026-05-31');
    expect(series.map((s) => s.key)).toEqual(['active_break', 'journaling', 'legacy_key']);
    expect(series[0]?.label).toBe('Pausa activa');
    expect(series[0]?.values.slice(-2)).toEqual([3, 1]);
    expect(series[0]?.values.reduce((a, b) => a + b, 0)).toBe(4);
    expect(series[0]?.color).toBe(SERIES_COLORS[0]);
    expect(series[1]?.color).toBe(SERIES_COLORS[5]);
    expect(series[2]?.label).toBe('legacy_key');
  });

  it('builds input/output token series', () => {
    const usage = buildUsageSeries([{ day: '2026-05-30', requests: 3, inputTokens: 900, outputTokens: 300 }], '2026-05-31');
    expect(usage.series.map((s) => s.values.slice(-2))).toEqual([
      [900, 0],
      [300, 0],
    ]);
    expect(usage.requests.slice(-2)).toEqual([3, 0]);
  });

  it('builds the failed model calls per day: failed answers and plans written without the model, stacked', () => {
    const failures = buildFailureSeries(
      [
        { day: '2026-05-29', requests: 5, inputTokens: 900, outputTokens: 0, errors: 3, planFallbacks: 1 },
        { day: '2026-05-31', requests: 1, inputTokens: 10, outputTokens: 0, errors: 1, planFallbacks: 0 },
        // A row from before the columns existed.
        { day: '2026-05-30', requests: 2, inputTokens: 10, outputTokens: 5 },
      ],
      '2026-05-31',
    );
    expect(failures.series.map((s) => s.label)).toEqual(['Respuestas del coach fallidas', 'Planes preparados sin IA']);
    expect(failures.series.map((s) => s.values.slice(-3))).toEqual([
      [2, 0, 1],
      [1, 0, 0],
    ]);
    expect({ errors: failures.errors, replies: failures.replies, fallbacks: failures.fallbacks }).toEqual({
      errors: 4,
      replies: 3,
      fallbacks: 1,
    });
  });
});
