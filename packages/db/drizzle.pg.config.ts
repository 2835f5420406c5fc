import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of drizzle.config.ts (decision 023): same tables, its own committed migrations.
// src/pg/schema/*.ts is generated from src/schema/*.ts but for its kit (decision 039); `pnpm db:generate`
// writes it, then runs drizzle-kit with both configs.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/pg/schema/*.ts',
  out: './drizzle-pg',
});
