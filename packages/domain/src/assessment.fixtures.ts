import type { AssessmentResponses } from './assessment';
import * as OPTIONS from './assessment-options';

/** A complete, valid assessment for tests. */
export const COMPLETE_RESPONSES: AssessmentResponses = {
  role: 'Responsable de producto',
  industry: 'Tecnología sanitaria',
  experience: '9 años',
  companySize: 'mediana',
  reportingStructure: 'manager',
  workLocation: 'híbrido',
  personalSituation: ['pareja', 'hijos-pequeños'],
  lifeStage: 'avanzando',
  timeAvailability: 'limitado',
  personalChallenges: ['tiempo-familia', 'energía'],
  shortTermGoals: ['equipo', 'equilibrio'],
  longTermVision: 'Dirigir el área de producto con un equipo autónomo',
  successDefinition: 'Que mi equipo crezca y yo llegue a cenar a casa',
  careerAspirations: 'Head of Product',
  leadershipTypes: ['coach', 'empoderador'],
  fearsAndLimitations: ['síndrome-impostor', 'perfeccionismo'],
  currentChallenges: ['carga-trabajo', 'liderar-equipo'],
  biggestChallenge: 'Delegar sin perder calidad',
  workRelationshipIssues: ['delegar'],
  skillGaps: ['delegación', 'dar-feedback'],
  workStyle: ['colaborativo', 'estructurado'],
  communicationStyle: 'diplomático',
  motivationFactors: ['impacto', 'aprendizaje'],
  stressResponse: 'analizar',
  energyFactors: { autonomy: 5, collaboration: 4, learning: 5, recognition: 3, pressure: 2, routine: 3, meetings: 1 },
  topStrengths: ['empatía', 'organización', 'resolución-problemas'],
  developmentAreas: ['delegar', 'decir-no'],
  pastSuccesses: 'Lancé un producto nuevo en seis meses con un equipo recién formado',
  coachingStyle: 'guía-estratégico',
  supportNeeds: ['desarrollo-liderazgo', 'equilibrio'],
  satisfactionRating: 6,
  satisfactionReason: 'Me gusta lo que hago, pero vivo con demasiada prisa',
  quickWins: ['reuniones-eficaces', 'pausas'],
  quickWinsOther: '',
};

/** Answers that trigger none of the optional recommendations: only the weekly conversation and the daily habit. */
export const CALM_RESPONSES: AssessmentResponses = {
  ...COMPLETE_RESPONSES,
  energyFactors: { autonomy: 4, collaboration: 4, learning: 4, recognition: 4, pressure: 4, routine: 4, meetings: 4 },
  stressResponse: 'buscar-apoyo',
  fearsAndLimitations: ['edad'],
  shortTermGoals: ['red-profesional'],
  currentChallenges: ['reconocimiento'],
  supportNeeds: ['claridad-objetivos'],
  quickWins: ['pausas'],
};

/** Every energy factor unrated (0), written out: what a completion without energyFactors stores (spec §3, §5). */
export const UNRATED_ENERGY_FACTORS = {
  autonomy: 0,
  collaboration: 0,
  learning: 0,
  recognition: 0,
  pressure: 0,
  routine: 0,
  meetings: 0,
};

/**
 * Spec §5's 14 selection maximums, written out on purpose (not read from MAX_SELECTIONS), so a changed
 * maximum fails the domain and API tests that are table-driven from it.
 */
export const SPEC_MAX_SELECTIONS = [
  ['personalSituation', 3, OPTIONS.PERSONAL_SITUATION.values],
  ['personalChallenges', 5, OPTIONS.PERSONAL_CHALLENGES.values],
  ['shortTermGoals', 3, OPTIONS.SHORT_TERM_GOALS.values],
  ['leadershipTypes', 2, OPTIONS.LEADERSHIP_TYPES.values],
  ['fearsAndLimitations', 5, OPTIONS.FEARS_AND_LIMITATIONS.values],
  ['currentChallenges', 5, OPTIONS.CURRENT_CHALLENGES.values],
  ['workRelationshipIssues', 5, OPTIONS.WORK_RELATIONSHIP_ISSUES.values],
  ['skillGaps', 5, OPTIONS.SKILL_GAPS.values],
  ['workStyle', 5, OPTIONS.WORK_STYLE.values],
  ['motivationFactors', 5, OPTIONS.MOTIVATION_FACTORS.values],
  ['topStrengths', 5, OPTIONS.TOP_STRENGTHS.values],
  ['developmentAreas', 5, OPTIONS.DEVELOPMENT_AREAS.values],
  ['supportNeeds', 5, OPTIONS.SUPPORT_NEEDS.values],
  ['quickWins', 3, OPTIONS.QUICK_WINS.values],
] as const;
