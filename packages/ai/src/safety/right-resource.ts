import type { SafetyResource } from './answers';
import type { RiskCategory } from './categories';

/**
 * The helpline a message of each family must be answered with for the crisis to count as caught (the
 * crisis corpus's gate and its cross-validation, decision 032). `now`: partner violence happening now or
 * imminent; `minor`: child abuse written by the minor.
 */
export function rightResource(row: { family: RiskCategory | 'none'; now?: boolean; minor?: boolean }): SafetyResource['id'][] {
  switch (row.family) {
    case 'suicidal_active':
    case 'suicidal_passive':
    case 'self_harm':
      return ['024'];
    case 'partner_violence':
      return row.now ? ['016', '112'] : ['016'];
    case 'child_abuse':
      return [row.minor ? 'anar' : 'anar-adults'];
    case 'eating_disorder_danger':
    case 'immediate_danger':
    case 'other_in_danger':
    case 'overdose_poisoning':
    case 'medical_emergency':
      return ['112'];
    default:
      return [];
  }
}
