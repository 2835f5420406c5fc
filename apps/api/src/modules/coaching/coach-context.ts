import type { CoachContext, LedgerDay } from '@ascenso/ai/context';
import type { AddressForm } from '@ascenso/domain/address-form';
import type { AssessmentResponses } from '@ascenso/domain/assessment';
import { deriveCoachingProfile } from '@ascenso/domain/assessment-profile';
import { addDays, localDay } from '@ascenso/domain/calendar';
import { localHour } from '@ascenso/domain/time-of-day';
import type { Repositories } from '@ascenso/db/store';
import type { Deps } from '../../deps';

const STOPWORDS = new Set(
  'porque cuando donde tengo tiene tienen estoy estaba había haber hacer hecho sobre entre todos todas todo esto esta este estos estas mucho mucha muchos muchas también siempre nunca otra otro otros otras mismo misma desde hasta como pero para unos unas algo nada cada solo sólo quiero puedo puede ahora antes después hoy ayer mañana semana tiempo'.split(
    ' ',
  ),
);

/** Recurring moods and words of the last entries, most frequent first. */
export function journalThemes(entries: Array<{ mood: string | null; body: string }>, max = 5): string[] {
  const counts = new Map<string, number>();
  const bump = (word: string, by: number) => counts.set(word, (counts.get(word) ?? 0) + by);
  for (const entry of entries) {
    if (entry.mood) bump(entry.mood.toLowerCase(), 3);
    const seen = new Set<string>();
    for (const word of entry.body.toLowerCase().match(/[a-záéíóúñü]{6,}/g) ?? []) {
      if (!STOPWORDS.has(word) && !seen.has(word)) {
        seen.add(word);
        bump(word, 1);
      }
    }
  }
  return [...counts.entries()]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([word]) => word);
}

/** What the coach knows: the latest assessment, the 7-day ledger, journal themes, open commitments. */
/** Derived profiles by assessment id: a completed assessment never changes. */
const profiles = new Map<string, ReturnType<typeof deriveCoachingProfile>>();

function profileOf(assessment: { id: string; responses: unknown }) {
  let profile = profiles.get(assessment.id);
  if (!profile) {
    profile = deriveCoachingProfile(assessment.responses as AssessmentResponses);
    if (profiles.size >= 1000) profiles.delete(profiles.keys().next().value as string);
    profiles.set(assessment.id, profile);
  }
  return profile;
}

/** What the coach knows: the latest assessment, the 7-day ledger, journal themes, open commitments. */
export async function buildCoachContext(
  deps: Deps,
  user: { id: string; firstName: string; timezone: string; addressForm?: AddressForm },
): Promise<CoachContext> {
  const today = localDay(deps.clock(), user.timezone);
  const first = addDays(today, -6);
  const repos = deps.repos;
  const [latest, range, journal, commitments, notes, stored] = await Promise.all([
    repos.assessments.latest(user.id),
    repos.steps.rangeByActivity(user.id, first, today),
    repos.coaching.recentJournalEntries(user.id, 12),
    repos.coaching.listCommitments(user.id, 'open'),
    repos.admin.listNotes(user.id),
    // The signed-in row carries it; callers holding a partial user read it from the database.
    user.addressForm ? undefined : repos.users.findById(user.id),
  ]);
  const ledger: LedgerDay[] = [];
  const byDay = new Map<string, LedgerDay>();
  for (let offset = -6; offset <= 0; offset += 1) {
    const entry: LedgerDay = { day: addDays(today, offset), steps: 0, activities: {} };
    ledger.push(entry);
    byDay.set(entry.day, entry);
  }
  for (const row of range) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.steps += row.steps;
    entry.activities[row.activityKey] = row.completions;
  }
  return {
    firstName: user.firstName,
    today,
    profile: latest ? profileOf(latest) : null,
    ledger,
    journalThemes: journalThemes(journal),
    openCommitments: commitments.slice(0, 5).map((c) => ({ id: c.id, text: c.text, createdAt: c.createdAt.toISOString() })),
    notes: notes.map((n) => n.text),
    addressForm: user.addressForm ?? stored?.addressForm ?? 'neutro',
    localHour: localHour(deps.clock(), user.timezone),
  };
}

/** Records tokens for the user's local day (`repos`: `deps.repos`, or a transaction's). */
export function recordUsage(
  deps: Deps,
  repos: Repositories,
  user: { id: string; timezone: string },
  usage: { inputTokens: number; outputTokens: number },
): Promise<void> {
  return repos.coaching.addUsage(user.id, localDay(deps.clock(), user.timezone), usage);
}
