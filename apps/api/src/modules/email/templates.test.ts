import { describe, expect, it } from 'vitest';
import { activeDaysLabel, stepsLabel, weeklySummaryEmail } from './templates';

const week = (weekSteps: number, activeDays: number) =>
  weeklySummaryEmail(
    { firstName: 'Ana', weekSteps, totalSteps: 12_500, activeDays, highlights: [], commitments: [], message: 'Buena semana.' },
    'http://localhost:3000',
  );

describe('the weekly summary e-mail agrees in number', () => {
  it('one day, one step: singular in the subject, the HTML and the text', () => {
    const mail = week(1, 1);
    expect(mail.subject).toBe('Tu semana en Ascenso: 1 paso');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('Esta semana: 1 paso en 1 día activo (12.500 en total).');
      expect(body).not.toMatch(/1 días|1 pasos|día activos/);
    }
  });

  it('several: plural everywhere, thousands grouped the Spanish way (from five digits)', () => {
    const mail = week(12_500, 5);
    expect(mail.subject).toBe('Tu semana en Ascenso: 12.500 pasos');
    for (const body of [mail.html, mail.text]) expect(body).toContain('Esta semana: 12.500 pasos en 5 días activos (12.500 en total).');
  });

  it('labels', () => {
    expect([stepsLabel(0), stepsLabel(1), stepsLabel(2)]).toEqual(['0 pasos', '1 paso', '2 pasos']);
    expect([activeDaysLabel(0), activeDaysLabel(1), activeDaysLabel(7)]).toEqual(['0 días activos', '1 día activo', '7 días activos']);
  });
});
