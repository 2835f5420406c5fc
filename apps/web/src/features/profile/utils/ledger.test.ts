import { describe, expect, it } from 'vitest';
import { checkPasswordChange, endedSessionsMessage } from './account-copy';
import { historySummary, isLimitEntry, reasonText, signedSteps } from '#lib/steps/ledger';

describe('ledger copy', () => {
  it('signs step counts with a real minus sign', () => {
    expect(signedSteps(1250)).toBe('+1250');
    expect(signedSteps(12_345)).toBe('+12.345');
    expect(signedSteps(-150)).toBe('−150');
    expect(signedSteps(0)).toBe('0');
  });

  it('shows the reason of every entry without repeating the steps', () => {
    expect(reasonText({ kind: 'completion', reason: '+325 pasos' })).toBeNull();
    expect(reasonText({ kind: 'completion', reason: 'límite diario alcanzado' })).toBe('límite diario alcanzado');
    expect(reasonText({ kind: 'adjustment', reason: 'Premio del reto' })).toBe('Motivo: Premio del reto');
    expect(isLimitEntry({ kind: 'completion', steps: 0, reason: 'límite diario alcanzado' })).toBe(true);
    expect(isLimitEntry({ kind: 'adjustment', steps: 0, reason: 'límite' })).toBe(false);
  });

  it('summarises the 30 days for screen readers', () => {
    const days = [
      { day: '2026-05-29', steps: 0 },
      { day: '2026-05-30', steps: 1250 },
      { day: '2026-05-31', steps: 325 },
    ];
    expect(historySummary(days)).toBe(
      'Gráfico de barras de tus pasos por día en los últimos 3 días: 1575 pasos en 2 días con actividad; el mejor día fue el sábado, 30 de mayo, con 1250 pasos.',
    );
    expect(historySummary([{ day: '2026-05-31', steps: 0 }])).toContain('todavía no hay pasos');
  });
});

describe('password change copy', () => {
  it('says how many other sessions ended, in correct Spanish', () => {
    expect(endedSessionsMessage(0)).toContain('No había sesiones abiertas');
    expect(endedSessionsMessage(1)).toContain('Se ha cerrado 1 sesión en otro dispositivo');
    expect(endedSessionsMessage(3)).toContain('Se han cerrado 3 sesiones en otros dispositivos');
  });

  it('checks both fields with the registration policy before calling the API', () => {
    expect(checkPasswordChange('', 'corta')).toEqual({
      currentPassword: 'Escribe tu contraseña actual',
      newPassword: 'La contraseña necesita al menos 8 caracteres',
    });
    expect(checkPasswordChange('Un paseo largo', 'Un paseo largo')).toEqual({
      newPassword: 'La contraseña nueva tiene que ser distinta de la actual',
    });
    expect(checkPasswordChange('Un paseo largo', 'Otra frase larga')).toEqual({});
  });
});
