/** One activity's figures for one day, from the steps ledger: completions, the awarded ones, steps earned. */
export type ActivityDayRow = { activityKey: string; completions: number; awarded: number; steps: number };

/** What the stats show of a catalogue row. */
export type StatsActivity = { key: string; name: string; icon: string; dailyLimit: number };

/**
 * The answer of `activities.stats` (and of the REST stats endpoint): the running total, the steps of
 * `day` and, per catalogue activity in the catalogue's order, that day's completions and steps and the
 * awards left under its daily limit. Pure: the callers read the rows (the API through its repositories,
 * the HTTP bench's floor with plain SQL).
 */
export function activityStats(day: string, totalSteps: number, dayRows: readonly ActivityDayRow[], catalogue: readonly StatsActivity[]) {
  const today = new Map(dayRows.map((row) => [row.activityKey, row]));
  return {
    stats: {
      totalSteps,
      todaySteps: dayRows.reduce((sum, row) => sum + row.steps, 0),
      day,
      byActivity: catalogue.map((activity) => {
        const row = today.get(activity.key);
        return {
          activityKey: activity.key,
          name: activity.name,
          icon: activity.icon,
          todayCount: row?.completions ?? 0,
          todaySteps: row?.steps ?? 0,
          dailyLimit: activity.dailyLimit,
          remaining: Math.max(0, activity.dailyLimit - (row?.awarded ?? 0)),
        };
      }),
    },
  };
}
