import { SHARE_MAX_ACTIVE, SHARE_MAX_BODY_BYTES, SHARE_MAX_CREATED_PER_DAY, SHARE_MAX_VIEW_BUCKETS, SHARE_MAX_VIEWS_PER_MINUTE } from '@ascenso/domain/shares';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';
import { FEED_FETCHES_PER_HOUR } from './modules/calendar/calendar.service';
import { MAX_DAILY_REGENERATIONS } from './modules/daily-plan/daily-plan.service';
import { VOICE_LIMITS } from './modules/voice/voice-config';
import { MAX_BUFFERED_BYTES } from './realtime/message-rate';
import { RESUME_CAP } from './realtime/outbox-relay';
import { PROTOCOL_MAX_PAYLOAD_BYTES } from './realtime/realtime-server';

/**
 * The caps and limits production runs, each asserted at its shipped value. The abuse tests set their own
 * values to stay small and fast, so without this file a default could be raised (say, subscriptions per
 * socket from 20 to 1 000) and no test would notice. Changing one of these numbers is a decision: change
 * it here, in docs/operations.md's configuration table and in the decision record that chose it. The realtime caps and the
 * storage quotas are asserted in env.test.ts.
 */
describe('the shipped caps and limits', () => {
  const config = loadConfig({});

  it('sign-in, registration, password changes and resets (decisions 012 and 034)', () => {
    const minutes = (n: number) => n * 60_000;
    expect(config.auth.limits).toEqual({
      perAccountAddress: { max: 10, windowMs: minutes(15) },
      perAddress: { max: 10, windowMs: minutes(15) },
      perAccount: { max: 100, windowMs: minutes(24 * 60) },
      registerPerAddress: { max: 5, windowMs: minutes(60) },
      passwordCheckPerUser: { max: 10, windowMs: minutes(15) },
      passwordChangePerUser: { max: 5, windowMs: minutes(60) },
      perDevice: { max: 10, windowMs: minutes(15) },
      resetPerAddress: { max: 5, windowMs: minutes(60) },
      resetPerAccount: { max: 3, windowMs: minutes(60) },
      resetConfirmPerAddress: { max: 10, windowMs: minutes(15) },
      verifyResendPerAccount: { max: 3, windowMs: minutes(60) },
    });
  });

  it('the fair Argon2 queue, account changes in progress and the tRPC batch', () => {
    expect(config.auth.passwordWork).toEqual({ maxConcurrent: 2, perClientConcurrent: 2, perClientQueued: 4, maxQueued: 200, maxAccountChanges: 2 });
    expect(config.auth.trpcMaxBatchSize).toBe(20);
  });

  it('the coach: time-outs, streams, calls, tokens and the crisis second opinion', () => {
    expect(config.coach).toEqual({
      firstTokenTimeoutMs: 15_000,
      timeoutMs: 60_000,
      maxConcurrentStreamsPerUser: 3,
      callsPerMinutePerUser: 20,
      dailyTokenBudgetPerUser: 200_000,
      historyTokenBudget: 3_000,
      crisisSecondOpinion: true,
    });
    expect(MAX_DAILY_REGENERATIONS).toBe(5);
  });

  it('voice: paid transcriptions a day, requests a minute, the upload', () => {
    expect(config.voice).toMatchObject({ transcriptionsPerDay: 30, requestsPerMinute: 6, timeoutMs: 30_000 });
    expect(VOICE_LIMITS).toEqual({ maxAudioBytes: 10 * 1024 * 1024, maxBodyBytes: 10 * 1024 * 1024 + 16 * 1024, maxSeconds: 120, concurrentPerUser: 1 });
  });

  it('exports, shares and the calendar feed', () => {
    expect(config.exportsPerHour).toBe(10);
    expect({ SHARE_MAX_ACTIVE, SHARE_MAX_CREATED_PER_DAY, SHARE_MAX_BODY_BYTES, SHARE_MAX_VIEWS_PER_MINUTE, SHARE_MAX_VIEW_BUCKETS }).toEqual({
      SHARE_MAX_ACTIVE: 20,
      SHARE_MAX_CREATED_PER_DAY: 30,
      SHARE_MAX_BODY_BYTES: 16 * 1024,
      SHARE_MAX_VIEWS_PER_MINUTE: 30,
      SHARE_MAX_VIEW_BUCKETS: 500,
    });
    expect(FEED_FETCHES_PER_HOUR).toBe(60);
  });

  it('what one socket may hold: unread replies, a protocol frame, a resume', () => {
    expect({ MAX_BUFFERED_BYTES, PROTOCOL_MAX_PAYLOAD_BYTES, RESUME_CAP }).toEqual({
      MAX_BUFFERED_BYTES: 1024 * 1024,
      PROTOCOL_MAX_PAYLOAD_BYTES: 4 * 1024,
      RESUME_CAP: 100,
    });
  });
});
