import { describe, expect, it } from 'vitest';
import { todayRetryDelay } from '../api/meditation-queries';
import { DEFAULT_AUDIO_SECONDS, LOADING_MESSAGES, displayDuration, loadingMessage, todayCardView } from './today-card';

describe("today's audio card", () => {
  it('shows 120 s when the duration is absent', () => {
    expect(displayDuration(undefined)).toBe(DEFAULT_AUDIO_SECONDS);
    expect(displayDuration(0)).toBe(120);
    expect(displayDuration(300)).toBe(300);
  });

  it('rotates 4 loading messages', () => {
    expect(LOADING_MESSAGES).toHaveLength(4);
    expect(loadingMessage(0)).toBe(LOADING_MESSAGES[0]);
    expect(loadingMessage(5)).toBe(LOADING_MESSAGES[1]);
  });

  it('says it is trying again for the first three retries, then offers a retry', () => {
    expect(todayCardView({ hasData: false, isError: false, failureCount: 0 })).toEqual({ kind: 'loading' });
    for (const failureCount of [1, 2, 3]) {
      expect(todayCardView({ hasData: false, isError: false, failureCount })).toMatchObject({
        kind: 'retrying',
        heading: 'Hubo un problema',
        text: 'Ups, algo salió mal. Intentando de nuevo...',
      });
    }
    expect(todayCardView({ hasData: false, isError: true, failureCount: 4 })).toMatchObject({
      kind: 'failed',
      text: 'Problema temporal. Tap aquí para reintentar',
    });
    expect(todayCardView({ hasData: true, isError: true, failureCount: 4 })).toEqual({ kind: 'loaded' });
  });

  it('backs off 2^n seconds between retries', () => {
    expect([0, 1, 2].map(todayRetryDelay)).toEqual([1000, 2000, 4000]);
  });
});
