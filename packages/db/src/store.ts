import type { ActivityDefinition } from '@ascenso/domain/activities';
import type { AttemptRule, AttemptScope } from '@ascenso/domain/login-throttle';
import type { ActivityRow, CompletionRow, EvidenceRow, idempotencyKeys } from './schema/activities';
import type { adminMailAudit, catalogueAudit, CoachNoteRow, OutboxRow, stepAdjustments } from './schema/admin';
import type { AssessmentRow, ProgressRow } from './schema/assessments';
import type { CalendarFeedRow } from './schema/calendar';
import type {
  aiUsage,
  assessmentEvaluations,
  CommitmentRow,
  ConversationRow,
  conversations,
  DailyPlanRow,
  dailyPlans,
  JournalEntryRow,
  MessageRow,
} from './schema/coaching';
import type { EventRow } from './schema/events';
import type { AudioListenRow, PracticeSessionRow } from './schema/listens';
import type { DeviceRow, EmailVerificationRow, PasswordResetRow, SessionRow } from './schema/sessions';
import type { ShareRow, ShareViewRow } from './schema/shares';
import type { NewUserRow, UserRow } from './schema/users';

/*
 * The data layer as services see it (decision 022): one async, dialect-neutral interface per
 * repository, and a Store that runs transactions. Row types are the schema's `$inferSelect` /
 * `$inferInsert` (the PostgreSQL schema declares the same names, columns and row types). The SQLite
 * implementation is `createSqliteStore` (sqlite-store.ts); services never learn which one they hold.
 */

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
export type AiUsageRow = typeof aiUsage.$inferSelect;
export type EvaluationRow = typeof assessmentEvaluations.$inferSelect;
export type AuditRow = typeof catalogueAudit.$inferSelect;
export type MailAuditInsert = typeof adminMailAudit.$inferInsert;
/** A mail an admin sent on a person's behalf, with that person's name and address (read when listed). */
export type MailAuditRow = typeof adminMailAudit.$inferSelect & { userEmail: string; userFirstName: string };
export type AdjustmentRow = typeof stepAdjustments.$inferSelect;
export type EvidenceSource = EvidenceRow['source'];

export interface UsersRepository {
  findByEmail(email: string): Promise<UserRow | undefined>;
  findById(id: string): Promise<UserRow | undefined>;
  /** Inserts a user; undefined when the e-mail is already taken (unique constraint). */
  insert(row: NewUserRow): Promise<UserRow | undefined>;
  update(id: string, patch: Partial<Omit<UserRow, 'id' | 'email' | 'createdAt'>>): Promise<void>;
  /**
   * Marks the address confirmed at `at` when the user's current e-mail is still `email` (the address the
   * link was sent to) and it is not confirmed yet; true when this call confirmed it.
   */
  markEmailVerified(id: string, email: string, at: Date): Promise<boolean>;
  /** Deletes the user; every row that belongs to them goes with it (foreign keys cascade). */
  delete(id: string): Promise<boolean>;
  count(): Promise<number>;
}

export interface SessionsRepository {
  insert(row: SessionRow): Promise<void>;
  findWithUser(id: string): Promise<{ session: SessionRow; user: UserRow } | undefined>;
  touch(id: string, at: Date): Promise<void>;
  /** Which of `ids` are still sessions (the sockets' sweep asks for all of its sessions at once). */
  existing(ids: readonly string[]): Promise<string[]>;
  /** True when a row was deleted. */
  delete(id: string): Promise<boolean>;
  /** Deletes every session of a user (optionally keeping one); the deleted ids. */
  deleteForUser(userId: string, keepId?: string): Promise<string[]>;
  /** Removes sessions idle since before `idleBefore` or created before `createdBefore`. */
  deleteExpired(idleBefore: Date, createdBefore: Date): Promise<Array<{ id: string; userId: string }>>;
  /** A device that signed in successfully (the device cookie, decision 034). */
  insertDevice(row: DeviceRow): Promise<void>;
  findDevice(id: string): Promise<DeviceRow | undefined>;
  touchDevice(id: string, at: Date): Promise<void>;
  /** Removes devices unused since before `before`; how many. */
  deleteDevicesUnusedSince(before: Date): Promise<number>;
  insertPasswordReset(row: PasswordResetRow): Promise<void>;
  /** The user of a reset link that is unused and not expired at `now` (read only). */
  findUsablePasswordReset(tokenHash: Buffer, now: Date): Promise<string | undefined>;
  /**
   * Uses a reset link: marks it used when it is unused and not expired at `now`, atomically (of two
   * concurrent uses, one wins). Its user, or undefined (unknown, used or expired).
   */
  consumePasswordReset(tokenHash: Buffer, now: Date): Promise<string | undefined>;
  /** Deletes a user's reset links (after a successful reset: the others die with it). */
  deletePasswordResetsForUser(userId: string): Promise<void>;
  /** Removes reset links that expired before `before`; how many. */
  deletePasswordResetsExpiredBefore(before: Date): Promise<number>;
  insertEmailVerification(row: EmailVerificationRow): Promise<void>;
  /**
   * Uses an e-mail verification link: marks it used when it is unused and not expired at `now`, atomically
   * (of two concurrent uses, one wins). Its user and the address it was sent to, or undefined (unknown,
   * used or expired).
   */
  consumeEmailVerification(tokenHash: Buffer, now: Date): Promise<{ userId: string; email: string } | undefined>;
  /** Deletes a user's unused verification links (a fresh link replaces them); used ones stay as a record. */
  deleteUnusedEmailVerificationsForUser(userId: string): Promise<void>;
  /** Removes verification links that expired before `before`; how many. */
  deleteEmailVerificationsExpiredBefore(before: Date): Promise<number>;
}

/** A granted reservation (its row ids, to give it back) or the moment the first refusing limit frees up. */
export type Reservation =
  | { ok: true; ids: number[] }
  | {
      ok: false;
      retryAt: Date;
      scope: AttemptScope;
      blocked: Array<{ scope: AttemptScope; key: string; retryAt: Date }>;
    };

export interface AuthFailuresRepository {
  /**
   * Records one attempt under every rule when each has room, otherwise nothing: an atomic
   * check-and-count of its own (the implementation takes the write lock or its equivalent).
   */
  reserve(rules: readonly AttemptRule[], now: Date): Promise<Reservation>;
  /**
   * Gives a reservation back (the attempt turned out not to count, e.g. a correct password); with `clear`, also
   * forgets every attempt of that scope and key (as `clear` does), in the same statement.
   */
  release(ids: readonly number[], clear?: { scope: AttemptScope; key: string }): Promise<void>;
  countSince(scope: AttemptScope, key: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  clear(scope: AttemptScope, key: string): Promise<void>;
  pruneBefore(before: Date): Promise<number>;
}

/** What an award decides on (StepsRepository.awardState). */
export type AwardState = { activity: ActivityRow; all: number; awarded: number; forLimit: number; maxSlot: number; daySteps: number };

export interface StepsRepository {
  /** Inserts the catalogue entries that do not exist yet; existing (possibly edited) rows stay. */
  seedCatalogue(definitions: readonly ActivityDefinition[], now: Date): Promise<number>;
  /** The catalogue, ordered by key (read-only: may be shared by callers until the database changes). */
  listActivities(): Promise<readonly ActivityRow[]>;
  findActivity(key: string): Promise<ActivityRow | undefined>;
  countsForDay(userId: string, key: string, day: string): Promise<{ all: number; awarded: number }>;
  /**
   * What an award decides on, read together (undefined when `key` is not in the catalogue): the activity's row,
   * the day's completions of it (`all`, `awarded`), the awards counting against its limit at `day` (`forLimit`:
   * the day's, and other timezones' of the last 24 h, since `since`), the highest award slot used at `day` for
   * it in any timezone (`maxSlot`, 0 when none) and the day's steps over every activity (`daySteps`).
   */
  awardState(key: string, userId: string, day: string, since: Date, timezone: string): Promise<AwardState | undefined>;
  /** Inserts a ledger row; a taken award slot is a unique violation (see isUniqueViolation). */
  insertCompletion(row: CompletionRow): Promise<void>;
  findCompletion(id: string): Promise<CompletionRow | undefined>;
  /** Records a piece of evidence (nothing when it is already recorded) and returns the stored row. */
  recordEvidence(row: Omit<EvidenceRow, 'completionId' | 'claimedAt'>): Promise<EvidenceRow>;
  /** The oldest evidence for `key` since `since` that the client has not claimed yet. */
  claimableEvidence(userId: string, key: string, since: Date): Promise<EvidenceRow | undefined>;
  /** Links evidence to the completion it backs; false when it already backs one. */
  useEvidence(id: string, completionId: string): Promise<boolean>;
  claimEvidence(id: string, at: Date): Promise<boolean>;
  /** Sets toast_shown_at once; false when it was already set (or the row is not the user's). */
  markToastShown(userId: string, id: string, at: Date): Promise<boolean>;
  /** Adds to the running total; resolves to the new total. */
  addToTotal(userId: string, steps: number): Promise<number>;
  total(userId: string): Promise<number>;
  daySteps(userId: string, day: string): Promise<number>;
  /** The running total, `dayByActivity`'s rows and the catalogue (read-only, as `listActivities`), read together. */
  dayStats(
    userId: string,
    day: string,
  ): Promise<{ total: number; rows: Array<{ activityKey: string; completions: number; awarded: number; steps: number }>; catalogue: readonly ActivityRow[] }>;
  dayByActivity(userId: string, day: string): Promise<Array<{ activityKey: string; completions: number; awarded: number; steps: number }>>;
  rangeByActivity(userId: string, from: string, to: string): Promise<Array<{ day: string; activityKey: string; completions: number; steps: number }>>;
  /** The latest completions, newest first; their metadata is sanitised. */
  recentCompletions(userId: string, limit: number): Promise<CompletionRow[]>;
  awardedCompletionCount(userId: string): Promise<number>;
  findIdempotency(userId: string, key: string): Promise<IdempotencyRow | undefined>;
  saveIdempotency(row: { userId: string; key: string; requestHash: string; response: unknown; createdAt: Date }): Promise<void>;
  pruneIdempotency(before: Date): Promise<number>;
}

export interface AssessmentsRepository {
  latest(userId: string): Promise<AssessmentRow | undefined>;
  /** Newest first; the newest `limit` when given. */
  history(userId: string, limit?: number): Promise<AssessmentRow[]>;
  insert(row: AssessmentRow): Promise<void>;
  /** Records that the user opened the results of their assessment `id`, unless already recorded; whether this call recorded it. */
  markResultsOpened(userId: string, id: string, at: Date): Promise<boolean>;
  progress(userId: string): Promise<ProgressRow | undefined>;
  saveProgress(row: ProgressRow): Promise<void>;
  deleteProgress(userId: string): Promise<void>;
}

export interface CoachingRepository {
  insertConversation(row: typeof conversations.$inferInsert): Promise<void>;
  findConversation(id: string): Promise<ConversationRow | undefined>;
  listConversations(userId: string, kind: ConversationRow['kind'] | undefined, limit: number): Promise<ConversationRow[]>;
  /** After a turn: the conversation's time and stage. */
  touchConversation(id: string, updatedAt: Date, stage: string | null): Promise<void>;
  updateConversation(id: string, patch: Partial<Omit<ConversationRow, 'id' | 'userId'>>): Promise<void>;
  insertMessage(row: MessageRow): Promise<void>;
  findMessage(id: string): Promise<MessageRow | undefined>;
  listMessages(conversationId: string): Promise<MessageRow[]>;
  findReply(userMessageId: string): Promise<MessageRow | undefined>;
  deleteReply(userMessageId: string): Promise<void>;
  /** Time of the latest message, for keeping a conversation's order strictly increasing. */
  lastMessageAt(conversationId: string): Promise<Date | undefined>;
  countUserMessages(conversationId: string): Promise<number>;
  /**
   * The user's conversations with a crisis message (flagged by the risk screen) sent at or after `since`:
   * the latest such message's time and the conversation's crisis families (`safetyCategory`), newest first.
   * Careful mode follows the person for a while after a crisis, across their conversations (decision 032).
   */
  recentCrises(userId: string, since: Date): Promise<Array<{ conversationId: string; at: Date; categories: string | null }>>;
  insertCommitments(rows: CommitmentRow[]): Promise<void>;
  listCommitments(userId: string, status?: CommitmentRow['status']): Promise<CommitmentRow[]>;
  listConversationCommitments(conversationId: string): Promise<CommitmentRow[]>;
  setCommitmentStatus(userId: string, id: string, status: CommitmentRow['status'], at: Date): Promise<boolean>;
  updateCommitmentText(userId: string, id: string, text: string): Promise<boolean>;
  deleteCommitment(userId: string, id: string): Promise<boolean>;
  listPlans(userId: string): Promise<DailyPlanRow[]>;
  listUsage(userId: string): Promise<AiUsageRow[]>;
  findPlan(userId: string, day: string): Promise<DailyPlanRow | undefined>;
  upsertPlan(row: typeof dailyPlans.$inferInsert): Promise<void>;
  addUsage(userId: string, day: string, usage: { inputTokens: number; outputTokens: number }): Promise<void>;
  /** A failed model call: its tokens, one error, and one plan fallback when the plan was written offline. */
  addFailedUsage(userId: string, day: string, usage: { inputTokens: number; outputTokens: number }, planFallback?: boolean): Promise<void>;
  /** Freezes the coach's snapshot of the person for a conversation (only the first call writes it); the stored one. */
  setCoachSnapshot(conversationId: string, snapshot: string): Promise<string>;
  usageFor(userId: string, day: string): Promise<AiUsageRow | undefined>;
  insertJournalEntry(row: JournalEntryRow): Promise<void>;
  recentJournalEntries(userId: string, limit: number): Promise<JournalEntryRow[]>;
  /** The user's entries created in [from, to), oldest first (the weekly review: a week and its margins). */
  journalEntriesBetween(userId: string, from: Date, to: Date): Promise<JournalEntryRow[]>;
  findJournalEntry(id: string): Promise<JournalEntryRow | undefined>;
  deleteJournalEntry(userId: string, id: string): Promise<boolean>;
  findEvaluation(assessmentId: string): Promise<EvaluationRow | undefined>;
  saveEvaluation(row: typeof assessmentEvaluations.$inferInsert): Promise<void>;
}

export interface ListensRepository {
  /**
   * A fetch from the start of an audio: continues the user's running listen of it, or starts one
   * (abandoning any other running listen: one at a time per user). A listen already finished that day
   * is returned as it is. Atomic on its own.
   */
  beginListen(row: { id: string; userId: string; meditationId: string; day: string; isToday: boolean; at: Date; fileBytes: number }): Promise<AudioListenRow>;
  runningListen(userId: string): Promise<AudioListenRow | undefined>;
  /** Bytes [start, start + bytes) of a running listen's file were read: extends the gap-free count from the start. */
  recordServed(id: string, start: number, bytes: number): Promise<void>;
  findListen(userId: string, meditationId: string, day: string): Promise<AudioListenRow | undefined>;
  /** Ends a running listen; false when it already ended or was abandoned meanwhile. */
  completeListen(id: string, at: Date): Promise<boolean>;
  /** The latest finished, not yet awarded listen of the day, of today's audio or of the archive. */
  awardableListen(userId: string, day: string, isToday: boolean): Promise<AudioListenRow | undefined>;
  markAwarded(id: string, at: Date): Promise<boolean>;
  completedToday(userId: string, day: string): Promise<AudioListenRow[]>;
  listListens(userId: string): Promise<AudioListenRow[]>;
  listPractice(userId: string): Promise<PracticeSessionRow[]>;
  /** Starts a practice and abandons the user's running one, atomically (one running practice per user). */
  startPractice(row: PracticeSessionRow): Promise<{ abandoned: number }>;
  findPractice(id: string): Promise<PracticeSessionRow | undefined>;
  completePractice(id: string, at: Date, completionId: string): Promise<boolean>;
}

export type UserSearchRow = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'createdAt'> & { totalSteps: number | null };

export interface AdminRepository {
  listNotes(userId: string): Promise<CoachNoteRow[]>;
  insertNote(row: CoachNoteRow): Promise<void>;
  updateNote(userId: string, id: string, text: string, at: Date): Promise<boolean>;
  deleteNote(userId: string, id: string): Promise<boolean>;
  updateActivity(key: string, values: { name: string; baseSteps: number; multiplier: number; dailyLimit: number }, at: Date): Promise<void>;
  insertAudit(row: typeof catalogueAudit.$inferInsert): Promise<void>;
  listAudit(limit: number): Promise<AuditRow[]>;
  insertMailAudit(row: MailAuditInsert): Promise<void>;
  /** The latest mails admins sent on people's behalf, newest first. */
  listMailAudit(limit: number): Promise<MailAuditRow[]>;
  insertAdjustment(row: typeof stepAdjustments.$inferInsert): Promise<void>;
  listAdjustments(userId: string): Promise<AdjustmentRow[]>;
  adjustmentsForDay(userId: string, day: string): Promise<number>;
  /** The adjustments' sum per day from `from` to `to` (inclusive, YYYY-MM-DD); days without any are absent. */
  adjustmentsByDay(userId: string, from: string, to: string): Promise<Array<{ day: string; steps: number }>>;
  addToTotal(userId: string, steps: number): Promise<void>;
  insertOutbox(row: OutboxRow): Promise<void>;
  updateOutbox(id: string, patch: Partial<OutboxRow>): Promise<void>;
  listOutbox(limit: number): Promise<OutboxRow[]>;
  searchUsers(query: string, limit: number): Promise<UserSearchRow[]>;
  userCount(): Promise<number>;
  /** Users with a completion or a verified session since `since`. */
  activeUserCount(since: Date): Promise<number>;
  assessedUserCount(): Promise<number>;
  completionsByDay(sinceDay: string): Promise<Array<{ day: string; activityKey: string; completions: number }>>;
  usageByDay(
    sinceDay: string,
  ): Promise<Array<{ day: string; requests: number; inputTokens: number; outputTokens: number; errors: number; planFallbacks: number }>>;
}

/** What the per-user storage quotas count: rows a user created. */
export type QuotaKind = 'journalEntries' | 'conversations' | 'notes' | 'messages' | 'assessments';

export interface QuotasRepository {
  /** How many `kind` rows the user created at or after `since` (the user's own messages only). */
  countSince(kind: QuotaKind, userId: string, since: Date): Promise<number>;
  /** `countSince` at each of `moments` (in their order), read together. */
  countsSince(kind: QuotaKind, userId: string, moments: readonly Date[]): Promise<number[]>;
  /** The creation time of the `offset`-th (0-based, oldest first) such row, if there is one. */
  createdAtSince(kind: QuotaKind, userId: string, since: Date, offset: number): Promise<Date | undefined>;
}

/**
 * The realtime outbox (decision 026): events written in the transaction of the change they report,
 * identified by a database-assigned `seq` that only grows (per user: commit order, as a user's writes are
 * serialised), published after the commit and marked; the relay publishes what its writer left behind.
 */
export interface EventsRepository {
  /** Appends an event; its `seq`. Call it inside the transaction of the change it reports. */
  append(row: { userId: string; name: string; payload: Record<string, unknown>; createdAt: Date }): Promise<number>;
  /**
   * The user's events after `afterSeq`, oldest first, at most `limit`; none when `afterSeq` is not one of
   * this user's events (another user's, pruned, never existed).
   */
  resumeAfter(userId: string, afterSeq: number, limit: number): Promise<EventRow[]>;
  /** Sets `published_at` on the rows not marked yet; how many it marked. */
  markPublished(seqs: readonly number[], at: Date): Promise<number>;
  /**
   * Claims up to `limit` events still unpublished that were created before `createdBefore`, in one atomic
   * statement (marks them published at `at` and returns them, oldest first): two relays racing, on any
   * instance, never claim the same row.
   */
  claimUnpublished(createdBefore: Date, at: Date, limit: number): Promise<EventRow[]>;
  /** Deletes events created before `before`; how many. */
  pruneBefore(before: Date): Promise<number>;
}

/** The private calendar feed (decision 031): one per user, found by the SHA-256 of its URL's token. */
export interface CalendarRepository {
  findFeed(userId: string): Promise<CalendarFeedRow | undefined>;
  findFeedByTokenHash(tokenHash: string): Promise<CalendarFeedRow | undefined>;
  /** Creates the user's feed or replaces it (a new token: the old URL stops working), atomically. */
  replaceFeed(row: { userId: string; tokenHash: string; createdAt: Date }): Promise<void>;
  /** Revokes the user's feed; whether there was one. */
  deleteFeed(userId: string): Promise<boolean>;
  /** Records a read of the feed whose token hashes to `tokenHash`. */
  markFetched(tokenHash: string, at: Date): Promise<void>;
}

/** Shares with a human coach or therapist (decision 029). Rules live in apps/api/src/modules/shares. */
export interface SharesRepository {
  insert(row: Omit<ShareRow, 'viewCount' | 'lastViewedAt' | 'revokedAt'>): Promise<void>;
  /** Shares neither revoked nor expired at `now` (call inside the transaction that inserts, serialised per user). */
  countActive(userId: string, now: Date): Promise<number>;
  /** The user's shares, newest first. */
  listForUser(userId: string): Promise<ShareRow[]>;
  findByTokenHash(tokenHash: string): Promise<ShareRow | undefined>;
  /** Sets `revoked_at` once; false when there is no such share of this user (a repeat revoke is true and keeps the first time). */
  revoke(userId: string, id: string, at: Date): Promise<boolean>;
  /**
   * Counts one view: the share's total and last view, and the minute bucket starting at `minute` (+1, or a new
   * row); keeps at most `maxBuckets` bucket rows for the share (the oldest go).
   */
  recordView(shareId: string, at: Date, minute: Date, maxBuckets: number): Promise<void>;
  /** The share's view buckets, newest first, at most `limit`. */
  listViews(shareId: string, limit: number): Promise<ShareViewRow[]>;
}

export interface Repositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  authFailures: AuthFailuresRepository;
  steps: StepsRepository;
  assessments: AssessmentsRepository;
  coaching: CoachingRepository;
  listens: ListensRepository;
  admin: AdminRepository;
  quotas: QuotasRepository;
  events: EventsRepository;
  shares: SharesRepository;
  calendar: CalendarRepository;
}

export type TransactionOptions = {
  /**
   * `immediate` (the default): the write lock is taken before the first statement, so reads inside see
   * every committed row and nobody else writes until the commit (SQLite: BEGIN IMMEDIATE). `deferred`:
   * for read-only work that wants one consistent view.
   */
  mode?: 'immediate' | 'deferred';
  /**
   * `turn`: a conversation turn (messages, token usage) that may be committed without waiting for the
   * disk: durable across process crashes, not necessarily across power loss (decision 010).
   */
  durability?: 'turn';
  /**
   * What the transaction's rules are about (`user:<id>`): transactions with the same key run one after
   * another. A per-user limit counted then written (daily award slots, storage quotas) then never races
   * its own user, on any dialect; the database's unique indexes and conditional writes still decide.
   * SQLite needs nothing more (an immediate transaction already excludes every other writer); a
   * PostgreSQL store takes a transaction-scoped advisory lock on it, so that different users never wait
   * for each other and no SERIALIZABLE retry loop is needed.
   */
  serializeOn?: string;
};

export interface Store {
  /**
   * Repositories for work outside a transaction: each call is a statement (or an atomic unit) of its
   * own. Never use them inside `transaction`'s callback: use its `tx` argument (outside production
   * that mistake throws StoreMisuseError instead of waiting forever).
   */
  repos: Repositories;
  /**
   * Runs `fn` in one transaction: committed when its promise resolves, rolled back when it rejects.
   * `fn` awaits only its `tx` repositories: no network, no timers, no other request's work (the SQLite
   * store holds every other caller back until the commit). Transactions do not nest.
   */
  transaction<T>(fn: (tx: Repositories) => Promise<T>, options?: TransactionOptions): Promise<T>;
  dialect: 'sqlite' | 'postgres';
  /** Whether the database answers a trivial query (health checks). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** A programming error: root repositories or a nested transaction used inside a transaction's callback. */
export class StoreMisuseError extends Error {
  override name = 'StoreMisuseError';
}

/** The driver's error code: on the error itself (better-sqlite3) or on its cause (drizzle wraps node-postgres errors in a DrizzleQueryError). */
function codeOf(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (code !== undefined) return code;
  return typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
}

/** A unique or primary key constraint refused the write (SQLite or PostgreSQL), e.g. a taken award slot. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** The database stayed locked by another writer past its timeout (SQLite BUSY, PostgreSQL lock timeout). */
export function isBusy(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_BUSY' || code === '55P03';
}
