/**
 * The offline coach's cost on long messages (decision 018): thirty 4 000-character turns of varied words against
 * thirty 40-character turns, the same conversation shape, alternating round by round; the median of the per-round
 * ratios of the mean reply time. A reply reads the whole history, so long turns cost more; the goal is that the
 * cost stays within a bounded multiple (the event loop is never held for long), measured in the same run rather
 * than as milliseconds in a unit test.
 *
 *   pnpm --filter @ascenso/bench exec tsx src/offline-coach.ts
 */
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { deriveCoachingProfile } from '@ascenso/domain/assessment-profile';
import type { CoachContext } from '@ascenso/ai/context';
import { guidedReply } from '@ascenso/ai/offline/engine';
import type { ChatMessage } from '@ascenso/ai/provider';
import { variedWords } from '@ascenso/ai/testing/long-messages';
import { median, report } from './lib';

/**
 * Long turns may cost at most this many times short ones. Their text is 100 times longer, so a reply whose work grew
 * with the length of what it reads would be near 100×; the goal asks for at most half of that. Measured about 30×.
 */
export const OFFLINE_COACH_GOAL_RATIO = 50;

const context: CoachContext = {
  firstName: 'Lucía',
  today: '2026-11-22',
  profile: deriveCoachingProfile(COMPLETE_RESPONSES),
  ledger: [],
  journalThemes: ['cansancio'],
  openCommitments: [{ id: 'c1', text: 'Delegar la revisión semanal en Marta', createdAt: '2026-11-20' }],
  notes: [],
};

function conversationCost(length: number, seed: number): number {
  const words = variedWords(seed);
  const message = () => words.next(length);
  const history: ChatMessage[] = [];
  let total = 0;
  for (let i = 0; i < 30; i += 1) {
    history.push({ role: 'user', content: message() });
    const started = performance.now();
    const reply = guidedReply({ context, mode: 'chat', history: [...history] });
    total += performance.now() - started;
    history.push({ role: 'assistant', content: reply });
  }
  return total / 30;
}

export async function offlineCoachBench(rounds = 9): Promise<{ ok: boolean; ratio: number }> {
  const ratios: number[] = [];
  const long: number[] = [];
  const short: number[] = [];
  conversationCost(4000, 1); // warm-up
  for (let round = 0; round < rounds; round += 1) {
    const s = conversationCost(40, 7 + round);
    const l = conversationCost(4000, 7 + round);
    short.push(s);
    long.push(l);
    ratios.push(l / s);
  }
  const ratio = median(ratios);
  const ok = ratio <= OFFLINE_COACH_GOAL_RATIO;
  report('Offline coach: thirty 4 000-character turns against thirty 40-character turns (mean reply time)', [
    ['median ms per reply, 40 characters', median(short)],
    ['median ms per reply, 4 000 characters', median(long)],
    ['median ratio (long / short)', ratio],
    [`goal: ≤ ${OFFLINE_COACH_GOAL_RATIO}×`, ok ? 'met' : 'MISSED'],
  ]);
  return { ok, ratio };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok } = await offlineCoachBench();
  process.exit(ok ? 0 : 1);
}
