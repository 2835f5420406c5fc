import { z } from 'zod';

/** The four phases of a structured coaching session. */
export const SESSION_STAGES = ['check-in', 'goal', 'exploration', 'commitments'] as const;
export type SessionStage = (typeof SESSION_STAGES)[number] | 'done';

export const STAGE_LABELS: Record<SessionStage, string> = {
  'check-in': 'Check-in',
  goal: 'Objetivo',
  exploration: 'Exploración',
  commitments: 'Compromisos',
  done: 'Resumen',
};

export function nextStage(stage: SessionStage): SessionStage {
  const index = SESSION_STAGES.indexOf(stage as (typeof SESSION_STAGES)[number]);
  return index === -1 || index === SESSION_STAGES.length - 1 ? 'done' : (SESSION_STAGES[index + 1] ?? 'done');
}

export const SessionSummarySchema = z.object({
  summary: z.string().min(1).max(800),
  commitments: z.array(z.string().min(3).max(200)).min(1).max(3),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/** Splits what the user wrote in the commitments phase into one to three commitments. */
export function extractCommitments(text: string): string[] {
  const pieces = text
    .split(/\n|;|(?:\.\s)|(?:\s(?:y también|además)\s)/)
    .map((s) => s.replace(/^[-*•\d.)\s]+/, '').trim())
    .filter((s) => s.length >= 3);
  const chosen = (pieces.length ? pieces : [text.trim()]).slice(0, 3).map((s) => (s.length > 200 ? `${s.slice(0, 197)}...` : s));
  return chosen.filter((s) => s.length >= 3);
}
