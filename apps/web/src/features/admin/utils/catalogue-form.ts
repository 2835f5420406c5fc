import {
  ACTIVITY_VALUE_LIMITS,
  ActivityValuesSchema,
  ADJUSTMENT_REASON_MAX_LENGTH,
  ADJUSTMENT_REASON_MIN_LENGTH,
  STEP_ADJUSTMENT_MAX,
} from '@ascenso/domain/activities';

/** One catalogue row as the admin types it (inputs hold text). */
export interface CatalogueDraft {
  name: string;
  baseSteps: string;
  multiplier: string;
  dailyLimit: string;
}

export type CatalogueField = keyof CatalogueDraft;
export type CatalogueValues = { name: string; baseSteps: number; multiplier: number; dailyLimit: number };

export const CATALOGUE_FIELDS: readonly CatalogueField[] = ['name', 'baseSteps', 'multiplier', 'dailyLimit'];

export const CATALOGUE_LABELS: Record<CatalogueField, string> = {
  name: 'Nombre',
  baseSteps: 'Pasos base',
  multiplier: 'Multiplicador',
  dailyLimit: 'Límite diario',
};

const numberFormat = new Intl.NumberFormat('es-ES');

const range = ({ min, max }: { min: number; max: number }) => `${numberFormat.format(min)} a ${numberFormat.format(max)}`;

/** The hint under each catalogue field, written from the domain's limits. */
export const CATALOGUE_HINTS: Record<CatalogueField, string> = {
  name: `${range(ACTIVITY_VALUE_LIMITS.name)} caracteres`,
  baseSteps: `Entero, ${range(ACTIVITY_VALUE_LIMITS.baseSteps)}`,
  multiplier: `${range(ACTIVITY_VALUE_LIMITS.multiplier)}, admite decimales`,
  dailyLimit: `Entero, ${range(ACTIVITY_VALUE_LIMITS.dailyLimit)}`,
};

/** The hint under the adjustment's reason. */
export const ADJUSTMENT_REASON_HINT = `De ${ADJUSTMENT_REASON_MIN_LENGTH} a ${ADJUSTMENT_REASON_MAX_LENGTH} caracteres, por ejemplo «Premio del reto de enero».`;

export function toDraft(values: CatalogueValues): CatalogueDraft {
  return {
    name: values.name,
    baseSteps: String(values.baseSteps),
    multiplier: String(values.multiplier).replace('.', ','),
    dailyLimit: String(values.dailyLimit),
  };
}

/** "1,5" and "1.5" are both one and a half; "" and anything else not numeric is NaN. */
export function parseDecimal(text: string): number {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

type Issue = {
  path: ReadonlyArray<PropertyKey>;
  code: string;
  minimum?: unknown;
  maximum?: unknown;
  expected?: unknown;
  origin?: unknown;
  format?: unknown;
};

function bound(value: unknown): string {
  return typeof value === 'number' || typeof value === 'bigint' ? numberFormat.format(value) : String(value);
}

/** The domain schema's issues (English, generic) as short Spanish messages for each field. */
export function catalogueIssueMessage(field: CatalogueField, issue: Issue): string {
  if (field === 'name') {
    if (issue.code === 'too_small') return 'Escribe un nombre';
    if (issue.code === 'too_big') return `Máximo ${bound(issue.maximum)} caracteres`;
    return 'Escribe un nombre';
  }
  const integer = field !== 'multiplier';
  if (issue.code === 'invalid_type') return integer ? 'Escribe un número entero' : 'Escribe un número (por ejemplo 1 o 1,5)';
  if (issue.code === 'invalid_format' || (issue.code === 'invalid_type' && issue.expected === 'int')) return 'Escribe un número entero';
  if (issue.code === 'too_small') return `El mínimo es ${bound(issue.minimum)}`;
  if (issue.code === 'too_big') return `El máximo es ${bound(issue.maximum)}`;
  return integer ? 'Escribe un número entero' : 'Escribe un número válido';
}

export type CatalogueValidation = { ok: true; values: CatalogueValues } | { ok: false; errors: Partial<Record<CatalogueField, string>> };

/**
 * Validates a row with the domain's `ActivityValuesSchema` (what `admin.updateActivity` checks), so
 * the admin sees the same limits before sending: name 1–80, base steps 0–100 000 (integer),
 * multiplier 0–10, daily limit 0–1000 (integer).
 */
export function validateCatalogueDraft(draft: CatalogueDraft): CatalogueValidation {
  const errors: Partial<Record<CatalogueField, string>> = {};
  const candidate = {
    name: draft.name,
    baseSteps: parseDecimal(draft.baseSteps),
    multiplier: parseDecimal(draft.multiplier),
    dailyLimit: parseDecimal(draft.dailyLimit),
  };
  for (const field of ['baseSteps', 'multiplier', 'dailyLimit'] as const) {
    if (draft[field].trim() === '') errors[field] = 'Obligatorio';
    else if (Number.isNaN(candidate[field])) errors[field] = field === 'multiplier' ? 'Escribe un número (por ejemplo 1 o 1,5)' : 'Escribe un número entero';
  }
  const parsed = ActivityValuesSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && (CATALOGUE_FIELDS as readonly string[]).includes(field)) {
        const key = field as CatalogueField;
        errors[key] ??= catalogueIssueMessage(key, issue as Issue);
      }
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, values: parsed.data };
}

/** True when the draft differs from the saved values (after normalising numbers and spaces). */
export function isDraftDirty(draft: CatalogueDraft, saved: CatalogueValues): boolean {
  return (
    draft.name.trim() !== saved.name ||
    parseDecimal(draft.baseSteps) !== saved.baseSteps ||
    parseDecimal(draft.multiplier) !== saved.multiplier ||
    parseDecimal(draft.dailyLimit) !== saved.dailyLimit
  );
}

/** Audit entry "before → after" for the fields that changed, in display order. */
export function auditChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Array<{ field: CatalogueField; label: string; before: string; after: string }> {
  const show = (value: unknown) => (typeof value === 'number' ? numberFormat.format(value) : value === undefined || value === null ? '—' : String(value));
  return CATALOGUE_FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({
    field,
    label: CATALOGUE_LABELS[field],
    before: show(before[field]),
    after: show(after[field]),
  }));
}

export type AdjustmentValidation = { ok: true; values: { steps: number; reason: string } } | { ok: false; errors: Partial<Record<'steps' | 'reason', string>> };

/** The manual adjustment: a whole number of steps between −100 000 and 100 000, never 0, and a reason. */
export function validateAdjustment(stepsText: string, reasonText: string): AdjustmentValidation {
  const errors: Partial<Record<'steps' | 'reason', string>> = {};
  const steps = parseDecimal(stepsText.replace(/^\+/, ''));
  if (stepsText.trim() === '') errors.steps = 'Escribe cuántos pasos sumar (o restar con un signo menos)';
  else if (!Number.isInteger(steps)) errors.steps = 'Escribe un número entero, por ejemplo 200 o -150';
  else if (steps === 0) errors.steps = 'El ajuste no puede ser 0';
  else if (Math.abs(steps) > STEP_ADJUSTMENT_MAX)
    errors.steps = `El ajuste debe estar entre -${numberFormat.format(STEP_ADJUSTMENT_MAX)} y ${numberFormat.format(STEP_ADJUSTMENT_MAX)}`;
  const reason = reasonText.trim();
  if (reason.length < ADJUSTMENT_REASON_MIN_LENGTH) errors.reason = 'Explica el motivo del ajuste';
  else if (reason.length > ADJUSTMENT_REASON_MAX_LENGTH) errors.reason = `Máximo ${ADJUSTMENT_REASON_MAX_LENGTH} caracteres`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, values: { steps, reason } };
}
