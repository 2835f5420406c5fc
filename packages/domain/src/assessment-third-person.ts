import type { CURRENT_CHALLENGES, DEVELOPMENT_AREAS, LIFE_STAGE, SHORT_TERM_GOALS, STRESS_RESPONSE, SUPPORT_NEEDS, TOP_STRENGTHS } from './assessment-options';
import type { Labelled } from './assessment-profile';

/*
 * How an answer reads on a page about the user written for someone else (the public share page, which
 * speaks of them in the third person: "Todavía no ha completado la evaluación inicial"). The wizard's
 * labels are in the user's own voice ("Liderar mejor a mi equipo", "Aprendo rápido"); shown to a mentor
 * they read as if the mentor had written them. Only the labels in the first person differ; the rest are
 * neutral nouns or infinitives and stay as they are. No gendered word about the user: the page does not
 * know their form of address. assessment-third-person.test.ts checks every option of every field the page shows.
 */

type ValueOf<T extends { values: readonly string[] }> = T['values'][number];

export const THIRD_PERSON_LABELS = {
  lifeStage: { estableciendo: 'Consolidándose' } satisfies Partial<Record<ValueOf<typeof LIFE_STAGE>, string>>,
  shortTermGoals: {
    equipo: 'Liderar mejor a su equipo',
    'red-profesional': 'Ampliar su red profesional',
  } satisfies Partial<Record<ValueOf<typeof SHORT_TERM_GOALS>, string>>,
  currentChallenges: { 'liderar-equipo': 'Liderar a su equipo' } satisfies Partial<Record<ValueOf<typeof CURRENT_CHALLENGES>, string>>,
  topStrengths: { 'aprendizaje-rápido': 'Aprende rápido' } satisfies Partial<Record<ValueOf<typeof TOP_STRENGTHS>, string>>,
  developmentAreas: { autoconfianza: 'Autoconfianza' } satisfies Partial<Record<ValueOf<typeof DEVELOPMENT_AREAS>, string>>,
  supportNeeds: {
    'rendición-cuentas': 'Alguien que le pida cuentas',
    'claridad-objetivos': 'Aclarar sus objetivos',
    'desarrollo-liderazgo': 'Desarrollar su liderazgo',
    'planificación-carrera': 'Planificar su carrera',
    comunicación: 'Comunicarse mejor',
    'bienestar-físico': 'Cuidar su bienestar físico',
  } satisfies Partial<Record<ValueOf<typeof SUPPORT_NEEDS>, string>>,
  stressResponse: {
    confrontar: 'Lo afronta de inmediato',
    analizar: 'Lo analiza a fondo',
    'buscar-apoyo': 'Busca apoyo',
    retirarme: 'Se retira para recargar',
    procrastinar: 'Tiende a posponerlo',
    abrumado: 'Le abruma',
  } satisfies Partial<Record<ValueOf<typeof STRESS_RESPONSE>, string>>,
};

export type ThirdPersonField = keyof typeof THIRD_PERSON_LABELS;

/** An answer's label as the share page says it (the wizard's own label when it is not in the first person). */
export function thirdPersonLabel(field: ThirdPersonField, option: Labelled): string {
  const table: Record<string, string | undefined> = THIRD_PERSON_LABELS[field];
  return table[option.value] ?? option.label;
}
