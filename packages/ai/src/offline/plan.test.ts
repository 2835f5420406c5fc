import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { deriveCoachingProfile } from '@ascenso/domain/assessment-profile';
import { ACTIVE_BREAKS, breakSeconds } from '@ascenso/domain/active-breaks';
import { BREATHING_PATTERNS } from '@ascenso/domain/breathing';
import { FITNESS_CLASSES, classMinutes } from '@ascenso/domain/fitness';
import { MEDITATIONS, meditationForDay } from '@ascenso/domain/meditations';
import { greetingFor, localHour } from '@ascenso/domain/time-of-day';
import { describe, expect, it } from 'vitest';
import type { CoachContext, LedgerDay } from '../context';
import { DailyPlanSchema, offlinePlan } from '../plan';

const profile = deriveCoachingProfile(COMPLETE_RESPONSES);
const days = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
const week = (activities: Array<Record<string, number>>): LedgerDay[] => activities.map((a, i) => ({ day: days[i] as string, steps: 100, activities: a }));

function contextAt(localHourValue: number | undefined, overrides: Partial<CoachContext> = {}): CoachContext {
  return {
    firstName: 'Lucía',
    today: '2026-11-22',
    profile,
    ledger: week([{}, { breathing_short: 2 }, {}, { journaling: 1 }, {}, { active_break: 1 }, {}]),
    journalThemes: [],
    openCommitments: [],
    notes: [],
    ...(localHourValue === undefined ? {} : { localHour: localHourValue }),
    ...overrides,
  };
}

describe('the offline plan: greeting for the local time of day', () => {
  it.each([
    ['2026-11-22T23:30:00Z', 'Europe/Madrid', 0, 'Buenas noches'], // 00:30 in Madrid
    ['2026-11-23T08:00:00Z', 'Europe/Madrid', 9, 'Buenos días'],
    ['2026-11-23T15:00:00Z', 'Europe/Madrid', 16, 'Buenas tardes'],
    ['2026-11-23T20:30:00Z', 'Europe/Madrid', 21, 'Buenas noches'], // 21:30
    ['2026-11-23T15:00:00Z', 'America/Mexico_City', 9, 'Buenos días'], // the same instant, another zone
    ['2026-11-23T04:59:00Z', 'Europe/Madrid', 5, 'Buenas noches'],
    ['2026-11-23T05:00:00Z', 'Europe/Madrid', 6, 'Buenos días'],
  ])('%s in %s is %i h: %s', (instant, zone, hour, greeting) => {
    expect(localHour(new Date(instant), zone)).toBe(hour);
    expect(greetingFor(hour)).toBe(greeting);
    const plan = offlinePlan(contextAt(hour));
    expect(plan.intro.startsWith(`${greeting}, Lucía.`)).toBe(true);
    expect(DailyPlanSchema.safeParse(plan).success).toBe(true);
  });

  it('says "Hola" when the hour is unknown, never "Buenos días" at midnight', () => {
    expect(offlinePlan(contextAt(undefined)).intro).toMatch(/^Hola, Lucía\./);
    expect(offlinePlan(contextAt(0)).intro).not.toMatch(/Buenos días/);
  });
});

describe('the offline plan: durations match the real content', () => {
  it.each(MEDITATIONS.map((m, i) => [m.id, `2026-11-${String(10 + i).padStart(2, '0')}`] as const))(
    'today’s audio (%s day) is its own title and length',
    (_id, today) => {
      const audio = meditationForDay(today);
      const plan = offlinePlan(
        contextAt(9, {
          today,
          profile: { ...profile, timeAvailability: { ...profile.timeAvailability, minutesPerDay: 60 } },
        }),
      );
      const item = plan.items.find((i) => i.area === 'meditation');
      expect(item?.title).toBe(`Audio del día: ${audio.title}`);
      expect(item?.minutes).toBe(Math.round(audio.durationSeconds / 60));
    },
  );

  it('offers "Antes de dormir" as the 10-minute audio it is, for tonight, when it is today’s audio', () => {
    const today =
      ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17'].find(
        (d) => meditationForDay(d).id === 'antes-de-dormir',
      ) ?? '';
    const plan = offlinePlan(
      contextAt(9, {
        today,
        profile: { ...profile, timeAvailability: { ...profile.timeAvailability, minutesPerDay: 60 } },
      }),
    );
    const item = plan.items.find((i) => i.area === 'meditation');
    expect(item).toMatchObject({ title: 'Audio del día: Antes de dormir', minutes: 10 });
    expect(item?.reason).toMatch(/esta noche/);
  });

  it('takes breathing, active-break and class lengths from the catalogue', () => {
    const plan = offlinePlan(contextAt(16, { profile: { ...profile, timeAvailability: { ...profile.timeAvailability, minutesPerDay: 60 } } }));
    for (const item of plan.items) {
      if (item.area === 'breathing') {
        const pattern = BREATHING_PATTERNS.find((p) => p.name === item.title);
        expect(item.minutes).toBe(pattern?.defaultMinutes);
      }
      if (item.area === 'active-breaks') {
        const brk = ACTIVE_BREAKS.find((b) => item.title === `Pausa activa: ${b.title}`);
        expect(item.minutes).toBe(Math.max(1, Math.round(breakSeconds(brk ?? { moves: [] }) / 60)));
      }
      if (item.area === 'fitness') {
        const c = FITNESS_CLASSES.find((f) => item.title === `Clase: ${f.title}`);
        expect(item.minutes).toBe(classMinutes(c ?? { exercises: [] }));
      }
    }
    expect(plan.items.map((i) => i.area)).toEqual(expect.arrayContaining(['breathing', 'active-breaks']));
    const total = plan.items.reduce((s, i) => s + i.minutes, 0);
    expect(plan.intro).toContain(`unos ${total} minutos en total`);
  });
});

describe('the offline plan: yesterday is used and explained', () => {
  it('names yesterday’s active break and builds on it', () => {
    const plan = offlinePlan(contextAt(9));
    expect(plan.intro).toContain('Ayer hiciste una pausa activa; hoy te propongo');
    const brk = plan.items.find((i) => i.area === 'active-breaks');
    expect(brk?.reason).toMatch(/^Ayer ya hiciste una pausa activa; hoy/);
  });

  it('names two activities and agrees in number', () => {
    const plan = offlinePlan(contextAt(9, { ledger: week([{}, {}, {}, {}, {}, { journaling: 1, active_break: 3 }, {}]) }));
    expect(plan.intro).toContain('Ayer hiciste varias pausas activas y escribiste en tu diario; hoy');
  });

  it('says nothing about yesterday when nothing was done', () => {
    const plan = offlinePlan(contextAt(9, { ledger: week([{}, {}, {}, {}, {}, {}, {}]) }));
    expect(plan.intro).toMatch(/^Buenos días, Lucía\. Para hoy te propongo \d actividades/);
  });
});
