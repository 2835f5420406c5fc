// The floor for bench (a): a minimal Hono + tRPC app as shipped (Hono, @trpc/server's fetch adapter,
// @hono/node-server, better-sqlite3), with one query that reads the same rows as our stats answer
// (today's rows per activity, the running total, the catalogue) from the same database file. No
// session, no middleware, no transformer, no caching. Plain JavaScript, run by node as it is.
// Usage: node hono-trpc.mjs <database file> <user id>; prints "port <n>" once it listens on 127.0.0.1.
import { serve } from '@hono/node-server';
import { initTRPC } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import Database from 'better-sqlite3';
import { Hono } from 'hono';

const [file, userId] = process.argv.slice(2);
if (!file || !userId) throw new Error('usage: hono-trpc.mjs <database file> <user id>');
const db = new Database(file, { readonly: true });
const dayRows = db.prepare(
  `select activity_key as activityKey, count(*) as completions, count(award_slot) as awarded,
     sum(steps_earned) as steps
   from activity_completions where user_id = ? and day = ? group by activity_key`,
);
const total = db.prepare('select total_steps as total from step_totals where user_id = ?');
const catalogue = db.prepare('select key, name, icon, daily_limit as dailyLimit from activities order by key');
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' });

const t = initTRPC.create();
const router = t.router({
  activities: t.router({
    stats: t.procedure.query(() => {
      const day = dayFormat.format(new Date());
      const rows = dayRows.all(userId, day);
      const today = new Map(rows.map((row) => [row.activityKey, row]));
      return {
        stats: {
          totalSteps: total.get(userId)?.total ?? 0,
          todaySteps: rows.reduce((sum, row) => sum + row.steps, 0),
          day,
          byActivity: catalogue.all().map((activity) => {
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
    }),
  }),
});

const app = new Hono();
app.all('/api/trpc/*', (c) => fetchRequestHandler({ endpoint: '/api/trpc', req: c.req.raw, router }));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(`port ${info.port}`));
