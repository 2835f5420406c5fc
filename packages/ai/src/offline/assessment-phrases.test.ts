import { ENERGY_FACTORS, SHORT_TERM_GOALS, TOP_STRENGTHS } from '@ascenso/domain/assessment-options';
import { deriveCoachingProfile } from '@ascenso/domain/assessment-profile';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { proofread } from '@ascenso/domain/spanish-proofreading.testing';
import { describe, expect, it } from 'vitest';
import type { CoachContext, LedgerDay } from '../context';
import { PHRASES as P } from './phrases';
import { offlineWeeklySummary } from './summaries';
import { DRAIN_PHRASES, GOAL_PHRASES, STRENGTH_PHRASES } from './topics';

/*
 * Where the offline coach quotes the assessment (a goal, a strength, an energy drain) it uses second-person phrases
 * by option value, never the wizard's labels ("Liderar mejor a mi equipo"). Every phrase in every line that takes it,
 * proofread. The coach speaks in the first person itself ("Tengo presente que…"): only the inserted phrase is
 * checked for the user's first person.
 */

const lines = (pool: readonly string[], slot: string, phrase: string) => pool.map((line) => line.replace(slot, phrase));

describe('the assessment in the offline coach’s words', () => {
  it('has a phrase for every goal and every strength of the assessment', () => {
    expect(Object.keys(GOAL_PHRASES).sort()).toEqual([...SHORT_TERM_GOALS.values].sort());
    expect(Object.keys(STRENGTH_PHRASES).sort()).toEqual([...TOP_STRENGTHS.values].sort());
    for (const factor of Object.keys(DRAIN_PHRASES)) expect(ENERGY_FACTORS.values).toContain(factor);
  });

  it.each([
    ['GOAL_LINES', '{goal}', GOAL_PHRASES],
    ['STRENGTH_LINES', '{strength}', STRENGTH_PHRASES],
    ['DRAIN_LINES', '{drain}', DRAIN_PHRASES],
  ] as const)('%s reads clean with every phrase', (pool, slot, table) => {
    for (const phrase of Object.values(table)) {
      expect(proofread(`${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}.`), phrase).toEqual([]);
      for (const line of lines(P[pool], slot, phrase)) {
        expect(line).not.toContain('{');
        expect(proofread(line, { speakerMayUseFirstPerson: true }), line).toEqual([]);
      }
    }
  });

  it('writes the weekly summary with every goal, with and without activity', () => {
    const profile = deriveCoachingProfile(COMPLETE_RESPONSES);
    const active: LedgerDay[] = [{ day: '2026-11-22', steps: 900, activities: { active_break: 2 } }];
    for (const goal of SHORT_TERM_GOALS.list) {
      for (const ledger of [[], active]) {
        const context: CoachContext = {
          firstName: 'Lucía',
          today: '2026-11-22',
          profile: { ...profile, goals: [goal] },
          ledger,
          journalThemes: [],
          openCommitments: [],
          notes: [],
        };
        const { message } = offlineWeeklySummary(context);
        expect(message).toContain(GOAL_PHRASES[goal.value as keyof typeof GOAL_PHRASES]);
        expect(proofread(message), message).toEqual([]);
      }
    }
  });
});
