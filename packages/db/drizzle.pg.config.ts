import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of drizzle.config.ts (decision 023): same tables, its own committed migrations.
// `pnpm db:generate:pg` after a change to src/pg/schema/*.ts (and `pnpm db:generate` for the SQLite side).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/pg/schema/*.ts',
  out: './drizzle-pg',
});
