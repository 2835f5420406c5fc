import { describe, expect, it } from 'vitest';
import { daysLabel, partsLabel, viewsLabel } from './share-format';

describe('share copy', () => {
  it('counts views with agreement and the last one in the user’s time zone', () => {
    expect(viewsLabel({ count: 0, lastViewedAt: null }, 'Europe/Madrid')).toBe('Nadie lo ha abierto todavía');
    expect(viewsLabel({ count: 1, lastViewedAt: new Date('2026-11-26T10:05:00Z') }, 'Europe/Madrid')).toBe(
      'Visto 1 vez · última: 26 de noviembre de 2026 a las 11:05',
    );
    expect(viewsLabel({ count: 3, lastViewedAt: new Date('2026-11-26T10:05:00Z') }, 'America/Mexico_City')).toBe(
      'Visto 3 veces · última: 26 de noviembre de 2026 a las 04:05',
    );
  });

  it('names the parts and the ticked entries', () => {
    expect(partsLabel(['moods', 'steps'], 0)).toBe('Evolución del estado de ánimo; Resumen de pasos');
    expect(partsLabel([], 1)).toBe('1 entrada del diario');
    expect(partsLabel(['sessions'], 2)).toBe('Resúmenes de sesiones y compromisos; 2 entradas del diario');
    expect([daysLabel(1), daysLabel(30)]).toEqual(['1 día', '30 días']);
  });
});
