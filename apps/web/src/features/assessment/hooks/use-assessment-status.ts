export interface AssessmentStatusState {
  /** True while the status request is in flight (the route gate shows "Cargando..."). */
  isPending: boolean;
  /** The full route table is shown only when the assessment is completed (contract: Assessment). */
  completed: boolean;
}

/**
 * Assessment status for the signed-in route gate (it is only called for a signed-in user).
 *
 * Interim implementation: reports a completed assessment without a request. The assessment issue
 * replaces it with the `assessment.status` query (fresh 2 min, retained 5 min; spec §7).
 */
export function useAssessmentStatus(): AssessmentStatusState {
  return { isPending: false, completed: true };
}
