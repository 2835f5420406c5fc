import type { TestApp } from '../../testing/test-app';
import type { EvidenceSource } from './activities.service';

/**
 * For tests: records `count` pieces of unused evidence of `activityKey` for the user, as if they had
 * finished that many activities (the client's POST /api/activity-log can then claim each once).
 */
export async function grantEvidence(t: TestApp, userId: string, activityKey: string, count = 1, source: EvidenceSource = 'journal'): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await t.deps.repos.steps.recordEvidence({
      id: crypto.randomUUID(),
      userId,
      activityKey,
      source,
      ref: `test-${crypto.randomUUID()}`,
      createdAt: t.clock.now(),
    });
  }
}

/** For tests: the person finished `activityKey` (evidence recorded) and the client reported it (POST /api/activity-log). */
export async function completeWithEvidence(
  t: TestApp,
  who: { cookie: string; user: { id: string } },
  activityKey: string,
  source: EvidenceSource = 'practice',
): Promise<Response> {
  await grantEvidence(t, who.user.id, activityKey, 1, source);
  return t.request('/api/activity-log', { cookie: who.cookie, body: { activity_key: activityKey } });
}
