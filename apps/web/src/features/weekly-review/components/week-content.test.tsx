// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getSystem } from '../../../theme';
import type { WeeklyReview } from '../api/weekly-review-queries';
import { WeekContent } from './weekly-review-page';

const DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const EMPTY: WeeklyReview = {
  week: '2026-W48',
  from: DAYS[0]!,
  to: DAYS[6]!,
  previousWeek: '2026-W47',
  nextWeek: null,
  isCurrentWeek: true,
  days: DAYS.map((day) => ({ day, steps: 0, activities: [] })),
  activeDays: 0,
  totalSteps: 0,
  areas: [
    { area: 'mente', label: 'Mente y calma', steps: 0, completions: 0 },
    { area: 'cuerpo', label: 'Cuerpo', steps: 0, completions: 0 },
    { area: 'coaching', label: 'Coaching', steps: 0, completions: 0 },
    { area: 'diario', label: 'Diario', steps: 0, completions: 0 },
  ],
  moods: [],
  commitments: { kept: [], open: [], dropped: [] },
  highlights: [],
  reflection: { text: 'Esta semana no hay actividad registrada, y está bien. ¿Qué te apetece?', source: 'offline', pattern: 'empty', resources: [] },
};

function render(review: WeeklyReview) {
  const html = renderToStaticMarkup(
    <ChakraProvider value={getSystem()}>
      <MemoryRouter>
        <WeekContent review={review} />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('WeekContent', () => {
  it('an empty week: a kind word instead of highlights, seven days at rest, no streak language', () => {
    const dom = render(EMPTY);
    const text = dom.body.textContent ?? '';
    expect(text).toContain('Esta semana no hay nada registrado, y no pasa nada');
    expect(text).toContain('Ningún día con actividad registrada');
    expect(dom.querySelectorAll('[aria-labelledby="semana-dias"] li')).toHaveLength(7);
    expect(text).toContain('Esta semana no hay entradas en tu diario.');
    expect(text).not.toMatch(/racha|seguid|consecutiv/i);
  });

  it('a week with activity: days, highlights in order, moods with counts, commitments by bucket', () => {
    const review: WeeklyReview = {
      ...EMPTY,
      days: EMPTY.days.map((d, i) =>
        i === 0 ? { ...d, steps: 140, activities: [{ key: 'active_break', name: 'Pausa activa', area: 'cuerpo', completions: 2, steps: 140 }] } : d,
      ),
      activeDays: 1,
      totalSteps: 140,
      moods: [{ mood: 'cansancio', count: 2 }],
      commitments: {
        kept: [{ id: 'a', text: 'Hablar con Marta', createdAt: new Date(), closedAt: new Date() }],
        open: [],
        dropped: [],
      },
      highlights: [
        { kind: 'commitment-kept', text: 'Cumpliste tu compromiso «Hablar con Marta».' },
        { kind: 'most-done', text: 'Lo que más hiciste: Pausa activa (2 veces).' },
      ],
    };
    const dom = render(review);
    expect([...dom.querySelectorAll('[aria-labelledby="semana-bien"] ol > li')].map((li) => li.textContent)).toEqual([
      'Cumpliste tu compromiso «Hablar con Marta».',
      'Lo que más hiciste: Pausa activa (2 veces).',
    ]);
    expect(dom.querySelector('[aria-label="Actividades del lunes, 23 de noviembre"]')?.textContent).toBe('Pausa activa · 2 veces');
    expect(dom.querySelector('[aria-labelledby="semana-animo"] li')?.textContent).toBe('cansancio · 2 veces');
    expect(dom.body.textContent).toContain('1 día con actividad');
    expect(dom.querySelector('[aria-labelledby="semana-compromisos"]')?.textContent).toContain('Hablar con Marta');
  });

  it('a careful week: the gentle line and the helplines, not a coach reflection', () => {
    const dom = render({
      ...EMPTY,
      reflection: {
        text: 'Esta semana has pasado por momentos difíciles. ¿Hay alguien de confianza con quien te gustaría hablar hoy?',
        source: 'careful',
        pattern: 'careful',
        resources: [{ id: '024', label: 'Llamar al 024', href: 'tel:024', detail: 'Gratuita, 24 horas.' }],
      },
    });
    expect(dom.getElementById('semana-reflexion')?.textContent).toBe('Unas palabras de tu coach');
    expect(dom.querySelector('a[href="tel:024"]')?.textContent).toContain('Llamar al 024');
    expect(dom.body.textContent).not.toContain('La reflexión de tu coach');
  });
});
