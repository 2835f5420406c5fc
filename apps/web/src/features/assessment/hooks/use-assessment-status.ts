import { useAssessmentStatusQuery } from '../api/assessment-queries';

export interface AssessmentStatusState {
  /** True while the status request is in flight (the route gate shows "Cargando..."). */
  isPending: boolean;
  /** The first request failed (no answer yet): the gate offers a retry instead of guessing. */
  isError: boolean;
  /** The full route table is shown only when the assessment is completed (contract: Assessment). */
  completed: boolean;
  retry: () => void;
}

/**
 * Assessment status for the signed-in route gate (it is only called for a signed-in user):
 * `assessment.status`, fresh 2 min and retained 5 min (spec §7, §9).
 */
export function useAssessmentStatus(): AssessmentStatusState {
  const status = useAssessmentStatusQuery();
  return {
    isPending: status.isPending && !status.isError,
    isError: status.data === undefined && status.isError,
    completed: status.data?.completed ?? false,
    retry: () => void status.refetch(),
  };
}
