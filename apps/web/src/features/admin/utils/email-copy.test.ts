import { describe, expect, it } from 'vitest';
import { sendResultCopy, templateName } from './email-copy';

describe('e-mail test copy', () => {
  it('names every template in Spanish (unknown ones by key)', () => {
    expect(templateName('welcome')).toBe('Bienvenida');
    expect(templateName('weekly-summary')).toBe('Resumen semanal');
    expect(templateName('password-reset')).toBe('Restablecer contraseña');
    expect(templateName('otra')).toBe('otra');
  });

  it('says a stored message went to the dev outbox, not to the inbox', () => {
    const copy = sendResultCopy({ status: 'stored', transport: 'outbox', error: null, subject: 'Hola' }, 'a@b.es');
    expect(copy.tone).toBe('info');
    expect(copy.title).toContain('bandeja de salida');
    expect(copy.description).toContain('no ha salido');
  });

  it('never presents a failure as a success, and shows its error', () => {
    const copy = sendResultCopy({ status: 'failed', transport: 'smtp', error: 'ECONNREFUSED', subject: 'Hola' }, 'a@b.es');
    expect(copy.tone).toBe('error');
    expect(copy.description).toContain('ECONNREFUSED');
    expect(sendResultCopy({ status: 'sent', transport: 'smtp', error: null, subject: 'Hola' }, 'a@b.es').tone).toBe('success');
  });
});
