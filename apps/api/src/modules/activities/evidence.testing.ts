import type { TestApp } from '../../testing/test-app';
import type { EvidenceSource } from './activities.service';

/**
 * For tests: records `count` pieces of unused evidence of `activityKey` for the user, as if they had
 * finished that many activities (the client's POST /api/activity-log can then claim each once).
 */
export function grantEvidence(t: TestApp, userId: string, activityKey: string, count = 1, source: EvidenceSource = 'journal'): void {
  for (let i = 0; i < count; i += 1) {
    t.deps.repos.steps.recordEvidence({
      id: crypto.randomUUID(),
      userId,
      activityKey,
      source,
      ref: `test-${crypto.randomUUID()}`,
      createdAt: t.clock.now(),
    });
  }
}
