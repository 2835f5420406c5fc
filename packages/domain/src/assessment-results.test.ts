import { describe, expect, it } from 'vitest';
import { ResultsNoticeSchema, resultsNoticeFor } from './assessment-results';

describe("Home's «resultados listos» line", () => {
  it('shows while the latest assessment’s results were never opened', () => {
    expect(resultsNoticeFor({ resultsOpenedAt: null })).toEqual({ show: true });
  });

  it('never shows once they were opened, whenever that was', () => {
    expect(resultsNoticeFor({ resultsOpenedAt: new Date('2026-11-15T05:16:36.395Z') })).toEqual({ show: false });
    expect(resultsNoticeFor({ resultsOpenedAt: new Date(0) })).toEqual({ show: false });
  });

  it('does not show without an assessment (there are no results to open)', () => {
    expect(resultsNoticeFor(undefined)).toEqual({ show: false });
  });

  it('the answer is exactly { show } (the API’s output schema)', () => {
    expect(ResultsNoticeSchema.parse(resultsNoticeFor(undefined))).toEqual({ show: false });
    expect(ResultsNoticeSchema.safeParse({ show: 'sí' }).success).toBe(false);
  });
});
