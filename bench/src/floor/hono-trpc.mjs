// The floor for bench (a): a minimal Hono + tRPC app as shipped (Hono, @trpc/server's fetch adapter,
// @hono/node-server, better-sqlite3), with one query that reads the same rows as our stats answer
// (today's rows per activity, the running total, the catalogue) from the same database file and shapes
// them with the same pure function as the API (`activityStats` of @ascenso/domain). No session, no
// middleware, no transformer, no caching. Run by node with tsx's loader (for the domain's TypeScript;
// it acts at import time only, not per request).
// Usage: node --import tsx hono-trpc.mjs <database file> <user id>; prints "port <n>" once it listens on 127.0.0.1.
import { activityStats } from '@ascenso/domain/activity-stats';
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
      return activityStats(day, total.get(userId)?.total ?? 0, dayRows.all(userId, day), catalogue.all());
    }),
  }),
});

const app = new Hono();
app.all('/api/trpc/*', (c) => fetchRequestHandler({ endpoint: '/api/trpc', req: c.req.raw, router }));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(`port ${info.port}`));
