import { describe, expectTypeOf, it } from 'vitest';
import type { schema } from '../schema';
import type { schema as pgSchema } from './schema';

// Type-level: one repository interface returns the same rows on both dialects, so every table's inferred
// row types are identical. `pnpm typecheck` (tsc) checks these; a drift is a compile error.
type Sqlite = typeof schema;
type Pg = typeof pgSchema;

describe('PostgreSQL row types equal the SQLite ones', () => {
  it('has the same tables', () => {
    expectTypeOf<keyof Pg>().toEqualTypeOf<keyof Sqlite>();
  });

  it('users', () => {
    expectTypeOf<Pg['users']['$inferSelect']>().toEqualTypeOf<Sqlite['users']['$inferSelect']>();
    expectTypeOf<Pg['users']['$inferInsert']>().toEqualTypeOf<Sqlite['users']['$inferInsert']>();
  });

  it('sessions', () => {
    expectTypeOf<Pg['sessions']['$inferSelect']>().toEqualTypeOf<Sqlite['sessions']['$inferSelect']>();
    expectTypeOf<Pg['sessions']['$inferInsert']>().toEqualTypeOf<Sqlite['sessions']['$inferInsert']>();
  });

  it('authFailures', () => {
    expectTypeOf<Pg['authFailures']['$inferSelect']>().toEqualTypeOf<Sqlite['authFailures']['$inferSelect']>();
    expectTypeOf<Pg['authFailures']['$inferInsert']>().toEqualTypeOf<Sqlite['authFailures']['$inferInsert']>();
  });

  it('activities', () => {
    expectTypeOf<Pg['activities']['$inferSelect']>().toEqualTypeOf<Sqlite['activities']['$inferSelect']>();
    expectTypeOf<Pg['activities']['$inferInsert']>().toEqualTypeOf<Sqlite['activities']['$inferInsert']>();
  });

  it('activityCompletions', () => {
    expectTypeOf<Pg['activityCompletions']['$inferSelect']>().toEqualTypeOf<Sqlite['activityCompletions']['$inferSelect']>();
    expectTypeOf<Pg['activityCompletions']['$inferInsert']>().toEqualTypeOf<Sqlite['activityCompletions']['$inferInsert']>();
  });

  it('stepTotals', () => {
    expectTypeOf<Pg['stepTotals']['$inferSelect']>().toEqualTypeOf<Sqlite['stepTotals']['$inferSelect']>();
    expectTypeOf<Pg['stepTotals']['$inferInsert']>().toEqualTypeOf<Sqlite['stepTotals']['$inferInsert']>();
  });

  it('idempotencyKeys', () => {
    expectTypeOf<Pg['idempotencyKeys']['$inferSelect']>().toEqualTypeOf<Sqlite['idempotencyKeys']['$inferSelect']>();
    expectTypeOf<Pg['idempotencyKeys']['$inferInsert']>().toEqualTypeOf<Sqlite['idempotencyKeys']['$inferInsert']>();
  });

  it('stepEvidence', () => {
    expectTypeOf<Pg['stepEvidence']['$inferSelect']>().toEqualTypeOf<Sqlite['stepEvidence']['$inferSelect']>();
    expectTypeOf<Pg['stepEvidence']['$inferInsert']>().toEqualTypeOf<Sqlite['stepEvidence']['$inferInsert']>();
  });

  it('assessments', () => {
    expectTypeOf<Pg['assessments']['$inferSelect']>().toEqualTypeOf<Sqlite['assessments']['$inferSelect']>();
    expectTypeOf<Pg['assessments']['$inferInsert']>().toEqualTypeOf<Sqlite['assessments']['$inferInsert']>();
  });

  it('assessmentProgress', () => {
    expectTypeOf<Pg['assessmentProgress']['$inferSelect']>().toEqualTypeOf<Sqlite['assessmentProgress']['$inferSelect']>();
    expectTypeOf<Pg['assessmentProgress']['$inferInsert']>().toEqualTypeOf<Sqlite['assessmentProgress']['$inferInsert']>();
  });

  it('conversations', () => {
    expectTypeOf<Pg['conversations']['$inferSelect']>().toEqualTypeOf<Sqlite['conversations']['$inferSelect']>();
    expectTypeOf<Pg['conversations']['$inferInsert']>().toEqualTypeOf<Sqlite['conversations']['$inferInsert']>();
  });

  it('messages', () => {
    expectTypeOf<Pg['messages']['$inferSelect']>().toEqualTypeOf<Sqlite['messages']['$inferSelect']>();
    expectTypeOf<Pg['messages']['$inferInsert']>().toEqualTypeOf<Sqlite['messages']['$inferInsert']>();
  });

  it('commitments', () => {
    expectTypeOf<Pg['commitments']['$inferSelect']>().toEqualTypeOf<Sqlite['commitments']['$inferSelect']>();
    expectTypeOf<Pg['commitments']['$inferInsert']>().toEqualTypeOf<Sqlite['commitments']['$inferInsert']>();
  });

  it('dailyPlans', () => {
    expectTypeOf<Pg['dailyPlans']['$inferSelect']>().toEqualTypeOf<Sqlite['dailyPlans']['$inferSelect']>();
    expectTypeOf<Pg['dailyPlans']['$inferInsert']>().toEqualTypeOf<Sqlite['dailyPlans']['$inferInsert']>();
  });

  it('aiUsage', () => {
    expectTypeOf<Pg['aiUsage']['$inferSelect']>().toEqualTypeOf<Sqlite['aiUsage']['$inferSelect']>();
    expectTypeOf<Pg['aiUsage']['$inferInsert']>().toEqualTypeOf<Sqlite['aiUsage']['$inferInsert']>();
  });

  it('journalEntries', () => {
    expectTypeOf<Pg['journalEntries']['$inferSelect']>().toEqualTypeOf<Sqlite['journalEntries']['$inferSelect']>();
    expectTypeOf<Pg['journalEntries']['$inferInsert']>().toEqualTypeOf<Sqlite['journalEntries']['$inferInsert']>();
  });

  it('assessmentEvaluations', () => {
    expectTypeOf<Pg['assessmentEvaluations']['$inferSelect']>().toEqualTypeOf<Sqlite['assessmentEvaluations']['$inferSelect']>();
    expectTypeOf<Pg['assessmentEvaluations']['$inferInsert']>().toEqualTypeOf<Sqlite['assessmentEvaluations']['$inferInsert']>();
  });

  it('audioListens', () => {
    expectTypeOf<Pg['audioListens']['$inferSelect']>().toEqualTypeOf<Sqlite['audioListens']['$inferSelect']>();
    expectTypeOf<Pg['audioListens']['$inferInsert']>().toEqualTypeOf<Sqlite['audioListens']['$inferInsert']>();
  });

  it('practiceSessions', () => {
    expectTypeOf<Pg['practiceSessions']['$inferSelect']>().toEqualTypeOf<Sqlite['practiceSessions']['$inferSelect']>();
    expectTypeOf<Pg['practiceSessions']['$inferInsert']>().toEqualTypeOf<Sqlite['practiceSessions']['$inferInsert']>();
  });

  it('coachNotes', () => {
    expectTypeOf<Pg['coachNotes']['$inferSelect']>().toEqualTypeOf<Sqlite['coachNotes']['$inferSelect']>();
    expectTypeOf<Pg['coachNotes']['$inferInsert']>().toEqualTypeOf<Sqlite['coachNotes']['$inferInsert']>();
  });

  it('catalogueAudit', () => {
    expectTypeOf<Pg['catalogueAudit']['$inferSelect']>().toEqualTypeOf<Sqlite['catalogueAudit']['$inferSelect']>();
    expectTypeOf<Pg['catalogueAudit']['$inferInsert']>().toEqualTypeOf<Sqlite['catalogueAudit']['$inferInsert']>();
  });

  it('stepAdjustments', () => {
    expectTypeOf<Pg['stepAdjustments']['$inferSelect']>().toEqualTypeOf<Sqlite['stepAdjustments']['$inferSelect']>();
    expectTypeOf<Pg['stepAdjustments']['$inferInsert']>().toEqualTypeOf<Sqlite['stepAdjustments']['$inferInsert']>();
  });

  it('outbox', () => {
    expectTypeOf<Pg['outbox']['$inferSelect']>().toEqualTypeOf<Sqlite['outbox']['$inferSelect']>();
    expectTypeOf<Pg['outbox']['$inferInsert']>().toEqualTypeOf<Sqlite['outbox']['$inferInsert']>();
  });

  it('events', () => {
    expectTypeOf<Pg['events']['$inferSelect']>().toEqualTypeOf<Sqlite['events']['$inferSelect']>();
    expectTypeOf<Pg['events']['$inferInsert']>().toEqualTypeOf<Sqlite['events']['$inferInsert']>();
  });

  it('shares', () => {
    expectTypeOf<Pg['shares']['$inferSelect']>().toEqualTypeOf<Sqlite['shares']['$inferSelect']>();
    expectTypeOf<Pg['shares']['$inferInsert']>().toEqualTypeOf<Sqlite['shares']['$inferInsert']>();
  });

  it('shareViews', () => {
    expectTypeOf<Pg['shareViews']['$inferSelect']>().toEqualTypeOf<Sqlite['shareViews']['$inferSelect']>();
    expectTypeOf<Pg['shareViews']['$inferInsert']>().toEqualTypeOf<Sqlite['shareViews']['$inferInsert']>();
  });
});
