import { defineConfig } from 'drizzle-kit';

// The SQLite migrations. `pnpm db:generate` (scripts/generate.ts) runs drizzle-kit with this config and with
// drizzle.pg.config.ts, after writing the PostgreSQL schema from this one (decision 039).

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/schema/*.ts',
  out: './drizzle',
});
