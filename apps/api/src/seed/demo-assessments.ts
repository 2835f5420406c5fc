import { AssessmentResponsesSchema, type AssessmentResponses } from '@ascenso/domain/assessment';
import data from './demo-assessments.json' with { type: 'json' };

/*
 * The demo accounts' assessments (demo-assessments.json), checked against the same schema the API applies to
 * a member's answers, so a seed that the wizard would refuse fails at load.
 */

/** Lucía: a product manager in health tech with a young family, short on time and energy. */
export const LUCIA_ASSESSMENT: AssessmentResponses = AssessmentResponsesSchema.parse(data.lucia);

/** The admin account's own assessment (so the full app opens for it): Lucía's, with these answers changed. */
export const ADMIN_ASSESSMENT: AssessmentResponses = AssessmentResponsesSchema.parse({ ...data.lucia, ...data.adminOverrides });
