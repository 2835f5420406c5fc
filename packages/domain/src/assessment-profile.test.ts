import { describe, expect, it } from 'vitest';
import { evaluateAssessment, AREA_PATHS } from './assessment-evaluation';
import { CALM_RESPONSES, COMPLETE_RESPONSES, UNRATED_ENERGY_FACTORS } from './assessment.fixtures';
import { deriveCoachingProfile } from './assessment-profile';

describe('deriveCoachingProfile', () => {
  const profile = deriveCoachingProfile(COMPLETE_RESPONSES);

  it('carries role, goals, challenges, style, time and strengths with labels', () => {
    expect(profile.role).toBe('Responsable de producto');
    expect(profile.goals).toEqual([
      { value: 'equipo', label: 'Liderar mejor a mi equipo' },
      { value: 'equilibrio', label: 'Mejorar el equilibrio vida-trabajo' },
    ]);
    expect(profile.preferredStyle).toEqual({ value: 'guía-estratégico', label: 'Guía estratégico' });
    expect(profile.timeAvailability).toMatchObject({ value: 'limitado', minutesPerDay: 15 });
    expect(profile.strengths.map((s) => s.value)).toEqual(['empatía', 'organización', 'resolución-problemas']);
  });

  it('splits energy into drains (1–2), boosters (4–5) and neutral (3), ignoring unanswered', () => {
    expect(profile.energy.drains.map((d) => [d.factor, d.score])).toEqual([
      ['meetings', 1],
      ['pressure', 2],
    ]);
    expect(profile.energy.boosters.map((d) => d.factor)).toEqual(['autonomy', 'learning', 'collaboration']);
    expect(profile.energy.neutral.map((d) => d.factor)).toEqual(['recognition', 'routine']);
    const unanswered = deriveCoachingProfile({
      ...COMPLETE_RESPONSES,
      energyFactors: UNRATED_ENERGY_FACTORS,
    });
    expect(unanswered.energy).toEqual({ drains: [], boosters: [], neutral: [] });
  });

  it('replaces "otro" with what the user wrote', () => {
    const p = deriveCoachingProfile({ ...COMPLETE_RESPONSES, quickWins: ['otro'], quickWinsOther: 'Leer cada mañana' });
    expect(p.quickWins).toEqual([{ value: 'otro', label: 'Leer cada mañana' }]);
  });
});

describe('evaluateAssessment', () => {
  it('reads the profile and recommends concrete, linked activities', () => {
    const evaluation = evaluateAssessment(deriveCoachingProfile(COMPLETE_RESPONSES));
    expect(evaluation.headline).toBe('Una buena base con margen para crecer');
    expect(evaluation.sections.map((s) => s.id)).toEqual(['punto-partida', 'energia', 'fortalezas', 'objetivos', 'estilo']);
    expect(evaluation.sections[1]?.body).toContain('reuniones');
    const ids = evaluation.recommendations.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['pausas-reuniones', 'respiracion-presion', 'journaling-evidencias', 'sesion-liderazgo']));
    expect(evaluation.recommendations.length).toBeLessThanOrEqual(6);
    for (const r of evaluation.recommendations) expect(AREA_PATHS[r.area]).toMatch(/^\//);
    expect(evaluation.firstStep).toContain('hacer más eficaces tus reuniones');
  });

  it.each([
    [3, 'Un momento para reajustar el rumbo'],
    [6, 'Una buena base con margen para crecer'],
    [9, 'Estás en un buen momento: toca construir sobre él'],
  ])('satisfaction %i → %s', (rating, headline) => {
    expect(evaluateAssessment(deriveCoachingProfile({ ...COMPLETE_RESPONSES, satisfactionRating: rating })).headline).toBe(headline);
  });

  it('always recommends a weekly conversation and a daily habit', () => {
    const calm = deriveCoachingProfile(CALM_RESPONSES);
    expect(evaluateAssessment(calm).recommendations.map((r) => r.id)).toEqual(['consulta-semanal', 'habito-diario']);
  });
});
